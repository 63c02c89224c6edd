const n = 1234567.891;
return {
  de: n.toLocaleString("de-DE"),
  fr: n.toLocaleString("fr-FR"),
  in: n.toLocaleString("en-IN"),
  eur: (1234.5).toLocaleString("de-DE", { style: "currency", currency: "EUR" }),
  jpy: (1234.5).toLocaleString("ja-JP", { style: "currency", currency: "JPY" }),
};
