const titles = [
  "Hello, World!",
  "  10 Tips for Writing Better JavaScript  ",
  "Café au lait & croissants",
  "Rust + WebAssembly = ❤️",
];
const slugify = s => s
  .normalize("NFKD")
  .replace(/[\u0300-\u036f]/g, "")
  .toLowerCase()
  .trim()
  .replace(/[^a-z0-9]+/g, "-")
  .replace(/^-+|-+$/g, "");
return titles.map(slugify);
