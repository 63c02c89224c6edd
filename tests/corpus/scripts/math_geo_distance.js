const toRad = d => (d * Math.PI) / 180;
function haversine([lat1, lon1], [lat2, lon2]) {
  const R = 6371;
  const dLat = toRad(lat2 - lat1), dLon = toRad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(a));
}
const cities = { london: [51.5074, -0.1278], paris: [48.8566, 2.3522], tokyo: [35.6762, 139.6503], nyc: [40.7128, -74.006] };
return Object.entries(cities).filter(([k]) => k !== "london").map(([k, c]) => `${k}: ${haversine(cities.london, c).toFixed(0)} km`);
