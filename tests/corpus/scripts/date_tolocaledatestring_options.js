const d = new Date("2024-03-15T10:30:00Z");
return {
  long: d.toLocaleDateString("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric" }),
  short: d.toLocaleDateString("en-US", { month: "short", day: "numeric" }),
  numeric: d.toLocaleDateString("en-US"),
  gb: d.toLocaleDateString("en-GB"),
};
