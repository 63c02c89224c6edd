const id = crypto.randomUUID();
const bytes = crypto.getRandomValues(new Uint8Array(16));
const words = crypto.getRandomValues(new Uint32Array(4));
return {
  uuidShape: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id),
  unique: crypto.randomUUID() !== id,
  bytes: bytes.length,
  inRange: bytes.every(b => b >= 0 && b < 256),
  words: words.length,
  sameArray: crypto.getRandomValues(bytes) === bytes,
};
