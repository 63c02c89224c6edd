const fmt = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
return [999, 1234, 15300, 2500000, 7.2e9].map(n => fmt.format(n));
