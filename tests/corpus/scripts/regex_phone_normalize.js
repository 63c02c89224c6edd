const phones = ["(555) 123-4567", "555.123.4567", "+1 555 123 4567", "5551234567", "123-45"];
return phones.map(p => {
  const digits = p.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  return digits.length === 10 ? digits.replace(/(\d{3})(\d{3})(\d{4})/, "($1) $2-$3") : null;
});
