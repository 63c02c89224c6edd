const pct = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });
const rates = [0.1234, 0.5, 1.0789, 0.00042];
return rates.map(r => pct.format(r));
