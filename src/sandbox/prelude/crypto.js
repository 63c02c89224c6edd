// crypto.getRandomValues/randomUUID; then every web global (web.js to here) goes on globalThis.

// crypto: getRandomValues/randomUUID from the run's seeded generator (the one Math.random
// uses), so a replay draws the same values. Not cryptographically secure: a run's values are
// fixed by its recorded seed. No crypto.subtle.
const INTEGER_ARRAYS = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, BigInt64Array, BigUint64Array];
function getRandomValues(array) {
  if (!INTEGER_ARRAYS.some((Ctor) => array instanceof Ctor)) {
    throw new DOMException("getRandomValues: the argument must be an integer TypedArray", "TypeMismatchError");
  }
  if (array.byteLength > 65536) {
    throw new DOMException(`getRandomValues: ${array.byteLength} bytes asked for; the limit is 65536`, "QuotaExceededError");
  }
  const bytes = new Uint8ArrayCtor(array.buffer, array.byteOffset, array.byteLength);
  for (let i = 0; i < bytes.length; i += 4) {
    let word = nextUint32();
    for (let j = i; j < i + 4 && j < bytes.length; j++) {
      bytes[j] = word & 255;
      word >>>= 8;
    }
  }
  return array;
}
let HEX = null;
function randomUUID() {
  if (HEX === null) {
    HEX = [];
    for (let i = 0; i < 256; i++) HEX.push((i < 16 ? "0" : "") + i.toString(16));
  }
  const b = getRandomValues(new Uint8ArrayCtor(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  let out = "";
  for (let i = 0; i < 16; i++) out += (i === 4 || i === 6 || i === 8 || i === 10 ? "-" : "") + HEX[b[i]];
  return out;
}
web.crypto = { getRandomValues, randomUUID };

for (const name of objectKeys(web)) keep(web[name], name, globalThis);
