const word = "Hello";
const codes = [...word].map(c => c.charCodeAt(0));
const caesar = (s, k) => s.replace(/[a-z]/gi, c => {
  const base = c <= "Z" ? 65 : 97;
  return String.fromCharCode(((c.charCodeAt(0) - base + k) % 26 + 26) % 26 + base);
});
const enc = caesar("Attack at Dawn!", 13);
return { codes, enc, dec: caesar(enc, -13), hex: codes.map(c => c.toString(16).padStart(2, "0")).join("") };
