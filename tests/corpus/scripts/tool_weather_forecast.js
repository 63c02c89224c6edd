const forecast = {
  city: "Lisbon",
  daily: [
    { date: "2024-03-15", tempMin: 11.2, tempMax: 19.8, precipMm: 0, wind: 14 },
    { date: "2024-03-16", tempMin: 12.5, tempMax: 17.1, precipMm: 4.2, wind: 22 },
    { date: "2024-03-17", tempMin: 10.1, tempMax: 15.3, precipMm: 11.7, wind: 35 },
    { date: "2024-03-18", tempMin: 9.8, tempMax: 18.9, precipMm: 0.4, wind: 12 },
  ],
};
const dayName = iso => ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][new Date(iso + "T00:00:00Z").getUTCDay()];
const lines = forecast.daily.map(d => `${dayName(d.date)} ${d.date.slice(5)}: ${Math.round(d.tempMin)}–${Math.round(d.tempMax)}°C${d.precipMm > 1 ? `, rain ${d.precipMm}mm` : ""}${d.wind > 30 ? ", windy" : ""}`);
const avgMax = forecast.daily.reduce((s, d) => s + d.tempMax, 0) / forecast.daily.length;
return { summary: `${forecast.city}: avg high ${avgMax.toFixed(1)}°C`, lines, bestDay: forecast.daily.toSorted((a, b) => a.precipMm - b.precipMm || b.tempMax - a.tempMax)[0].date };
