const movies = [
  { title: "Alien", year: 1979, genre: "sci-fi" },
  { title: "Heat", year: 1995, genre: "crime" },
  { title: "Arrival", year: 2016, genre: "sci-fi" },
  { title: "Fargo", year: 1996, genre: "crime" },
  { title: "Up", year: 2009, genre: "animation" },
];
const decade = y => `${Math.floor(y / 10) * 10}s`;
const grouped = movies.reduce((acc, m) => {
  const key = decade(m.year);
  acc[key] = [...(acc[key] ?? []), m.title];
  return acc;
}, {});
return grouped;
