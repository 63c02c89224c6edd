const d = new Date("2024-03-15T10:30:00Z");
const fmt = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const ny = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", timeZone: "America/New_York" });
return { utc: fmt.format(d), ny: ny.format(d) };
