const s = "naïve café 🎉 日本語";
return {
  length: s.length,
  codePoints: [...s].length,
  upper: s.toUpperCase(),
  reversed: [...s].reverse().join(""),
  emojiCode: s.codePointAt(11).toString(16),
  fromCode: String.fromCodePoint(0x1f680),
  normalizedEqual: "e\u0301" === "é" ? "same" : "e\u0301".normalize() === "é" ? "equal after NFC" : "different",
  at: s.at(-1),
};
