// atob/btoa and TextEncoder/TextDecoder.

// atob/btoa: Latin-1 strings ↔ base64 (forgiving on whitespace and padding, as browsers are).
web.btoa = function btoa(data) {
  if (arguments.length === 0) throw new TypeErrorCtor("btoa: 1 argument required, but only 0 present.");
  const encoded = host.btoa(toStr(data));
  if (encoded === null) throw new DOMException("Invalid character", "InvalidCharacterError");
  return encoded;
};
web.atob = function atob(data) {
  if (arguments.length === 0) throw new TypeErrorCtor("atob: 1 argument required, but only 0 present.");
  const decoded = host.atob(toStr(data));
  // The Workers runtime's words.
  if (decoded === null) throw new DOMException("atob() called with invalid base64-encoded data. (Only whitespace, '+', '/', alphanumeric ASCII, and up to two terminal '=' signs when the input data length is divisible by 4 are allowed.)", "InvalidCharacterError");
  return decoded;
};

// TextEncoder/TextDecoder: UTF-8 only (the encoding of the web).
const viewParts = (input, what) => {
  if (input === undefined) return [new ArrayBufferCtor(0), 0, 0];
  if (input instanceof ArrayBufferCtor) return [input, 0, input.byteLength];
  if (isView(input)) return [input.buffer, input.byteOffset, input.byteLength];
  throw new TypeErrorCtor(`${what}: the input must be an ArrayBuffer or an ArrayBuffer view`);
};
class TextEncoder {
  get encoding() { return "utf-8"; }
  encode(input = "") { return new Uint8ArrayCtor(host.utf8Encode(toStr(input))); }
  encodeInto(source, destination) {
    if (!(destination instanceof Uint8ArrayCtor)) throw new TypeErrorCtor("encodeInto: the destination must be a Uint8Array");
    const text = toStr(source);
    let read = 0, written = 0;
    while (read < text.length) {
      const code = text.codePointAt(read);
      const units = code > 0xffff ? 2 : 1;
      const bytes = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
      if (written + bytes > destination.length) break;
      read += units;
      written += bytes;
    }
    destination.set(new Uint8ArrayCtor(host.utf8Encode(text.slice(0, read))));
    return { read, written };
  }
}
const UTF8_LABELS = ["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"];
class TextDecoder {
  #fatal; #ignoreBOM; #pending = null; #started = false;
  constructor(label = "utf-8", options = {}) {
    const name = toStr(label).trim().toLowerCase();
    if (!UTF8_LABELS.includes(name)) {
      throw new RangeErrorCtor(`TextDecoder: the encoding "${toStr(label)}" is not supported (only utf-8 is)`);
    }
    this.#fatal = Boolean(options?.fatal);
    this.#ignoreBOM = Boolean(options?.ignoreBOM);
  }
  get encoding() { return "utf-8"; }
  get fatal() { return this.#fatal; }
  get ignoreBOM() { return this.#ignoreBOM; }
  decode(input, options) {
    let [buffer, offset, length] = viewParts(input, "TextDecoder.decode");
    if (this.#pending !== null) {
      const joined = new Uint8ArrayCtor(this.#pending.length + length);
      joined.set(this.#pending);
      joined.set(new Uint8ArrayCtor(buffer, offset, length), this.#pending.length);
      [buffer, offset, length] = [joined.buffer, 0, joined.length];
      this.#pending = null;
    }
    const stream = Boolean(options?.stream);
    if (stream) {
      const tail = host.utf8Incomplete(buffer, offset, length);
      if (tail > 0) {
        this.#pending = new Uint8ArrayCtor(buffer.slice(offset + length - tail, offset + length));
        length -= tail;
      }
    } else if (this.#pending !== null) {
      this.#pending = null;
    }
    let text = host.utf8Decode(buffer, offset, length, this.#fatal);
    if (!this.#started && !this.#ignoreBOM && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    this.#started = stream && (this.#started || text.length > 0);
    return text;
  }
}
web.TextEncoder = TextEncoder;
web.TextDecoder = TextDecoder;
