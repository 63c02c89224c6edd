const users = [
  { id: 1, profile: { name: "Ana", location: { city: "Lisbon" } } },
  { id: 2, profile: { name: "Ben" } },
  { id: 3 },
];
return users.map(({ id, profile: { name = "anonymous", location: { city = "unknown" } = {} } = {} }) => ({
  id,
  name,
  city,
}));
