const dates = ["Mar 15, 2024", "15 March 2024", "March 15, 2024 10:30", "Friday, March 15, 2024"];
return dates.map(s => {
  const d = new Date(s);
  return isNaN(d) ? "Invalid Date" : d.toISOString();
});
