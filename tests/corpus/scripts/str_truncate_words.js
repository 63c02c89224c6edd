const text = "The quick brown fox jumps over the lazy dog and keeps running through the forest until nightfall.";
const truncate = (s, max) => (s.length <= max ? s : s.slice(0, s.lastIndexOf(" ", max - 1)) + "…");
const words = text.split(/\s+/);
return {
  short: truncate(text, 30),
  wordCount: words.length,
  longest: words.reduce((a, b) => (b.length > a.length ? b : a)),
  initials: words.slice(0, 5).map(w => w[0]).join("").toUpperCase(),
};
