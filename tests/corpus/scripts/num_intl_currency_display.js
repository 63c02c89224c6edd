const nf = new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR", currencyDisplay: "code" });
const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
return { eurCode: nf.format(1234.5), gbp: gbp.format(99.999), parts: gbp.formatToParts(1.5).map(p => p.type) };
