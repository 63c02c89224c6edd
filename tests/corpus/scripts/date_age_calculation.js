const today = new Date("2024-03-15T00:00:00Z");
const age = (birth) => {
  const b = new Date(birth);
  let years = today.getUTCFullYear() - b.getUTCFullYear();
  const m = today.getUTCMonth() - b.getUTCMonth();
  if (m < 0 || (m === 0 && today.getUTCDate() < b.getUTCDate())) years--;
  return years;
};
return { a: age("1990-03-16"), b: age("1990-03-15"), c: age("2000-02-29"), d: age("2023-12-31") };
