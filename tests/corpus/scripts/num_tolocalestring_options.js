return {
  minFrac: (5).toLocaleString("en-US", { minimumFractionDigits: 2 }),
  maxFrac: (3.14159).toLocaleString("en-US", { maximumFractionDigits: 3 }),
  noGroup: (1234567).toLocaleString("en-US", { useGrouping: false }),
  unit: (72).toLocaleString("en-US", { style: "unit", unit: "kilometer-per-hour" }),
};
