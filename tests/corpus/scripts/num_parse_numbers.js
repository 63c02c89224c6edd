const inputs = ["42", "3.14abc", "  7  ", "0x1A", "1e3", "", "abc", "-0", "12px"];
return inputs.map(s => ({
  s,
  number: Number(s),
  parseInt: parseInt(s, 10),
  parseFloat: parseFloat(s),
  isNaN: Number.isNaN(Number(s)),
}));
