const text = `It was the best of times, it was the worst of times, it was the age of wisdom,
it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity.`;
const freq = {};
for (const word of text.toLowerCase().match(/\b[a-z']+\b/g)) freq[word] = (freq[word] || 0) + 1;
return Object.entries(freq)
  .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
  .slice(0, 6)
  .map(([w, n]) => `${w}:${n}`);
