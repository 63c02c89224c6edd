const enc = new TextEncoder();
const bytes = enc.encode("héllo €😀");
const dec = new TextDecoder();
const text = dec.decode(bytes);
const partial = new TextDecoder("utf-8").decode(new Uint8Array([0x68, 0x69, 0xff]));
return { length: bytes.length, hex: Array.from(bytes, b => b.toString(16).padStart(2, "0")).join(" "), roundtrip: text, partial, encoding: dec.encoding };
