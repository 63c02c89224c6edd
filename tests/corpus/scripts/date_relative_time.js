const now = new Date("2024-03-15T12:00:00Z");
const ago = (iso) => {
  const s = Math.round((now - new Date(iso)) / 1000);
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86400)}d ago`;
};
return ["2024-03-15T11:59:30Z", "2024-03-15T11:15:00Z", "2024-03-15T02:00:00Z", "2024-03-01T12:00:00Z"].map(ago);
