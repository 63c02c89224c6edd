const d = new Date(Date.UTC(2024, 1, 29, 23, 59, 59));
const nextDay = new Date(d.getTime() + 1000);
const endOfMonth = new Date(Date.UTC(2024, 2, 0));
return { d: d.toISOString(), nextDay: nextDay.toISOString(), febDays: endOfMonth.getUTCDate(), leap: new Date(Date.UTC(2023, 2, 0)).getUTCDate() };
