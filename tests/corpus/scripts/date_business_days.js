function addBusinessDays(start, n) {
  const d = new Date(start);
  while (n > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6) n--;
  }
  return d.toISOString().slice(0, 10);
}
return { fromFriday: addBusinessDays("2024-03-15", 3), fromWednesday: addBusinessDays("2024-03-13", 10) };
