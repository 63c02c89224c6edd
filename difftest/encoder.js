// The canonical encoder of the differential harness. This file is read as text and put in front of
// every case, in Node and in the sandbox alike, so both sides encode with the same code.
// `__dt(fn)` runs a case and returns an ASCII string that tells apart everything the harness
// compares: -0, NaN, +-Infinity, undefined, holes, lone surrogates, key order (own keys in the
// engine's order), prototypes, typed-array kinds, BigInt, Map/Set order, and the *type* of a thrown
// error (never its message). A number is written as the hex of its float64 bits, so it compares bit
// for bit without relying on the engine's number-to-string.
var __dt = (function () {
  var F64 = new Float64Array(1);
  var U32 = new Uint32Array(F64.buffer);
  var HEX = "0123456789abcdef";
  function hex32(n) {
    var s = "";
    for (var i = 7; i >= 0; i--) s += HEX.charAt((n >>> (i * 4)) & 15);
    return s;
  }
  function num(x) {
    if (x !== x) return "NaN";
    if (x === 1 / 0) return "Inf";
    if (x === -1 / 0) return "-Inf";
    if (x === 0) return 1 / x < 0 ? "-0" : "0";
    F64[0] = x;
    // little-endian on every platform the harness runs on (x86-64, wasm32)
    return "n" + hex32(U32[1]) + hex32(U32[0]);
  }
  function str(s) {
    var out = '"';
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i);
      if (c === 34) out += '\\"';
      else if (c === 92) out += "\\\\";
      else if (c >= 32 && c < 127) out += s.charAt(i);
      else out += "\\u" + HEX.charAt((c >> 12) & 15) + HEX.charAt((c >> 8) & 15) + HEX.charAt((c >> 4) & 15) + HEX.charAt(c & 15);
    }
    return out + '"';
  }
  function key(k) {
    return typeof k === "symbol" ? "@" + str(String(k.description)) : str(k);
  }
  function protoName(o) {
    var p = Object.getPrototypeOf(o);
    if (p === null) return "null";
    if (p === Object.prototype) return "";
    var c = p.constructor;
    return typeof c === "function" && typeof c.name === "string" ? c.name : "?";
  }
  function props(o, seen, depth, skipIndex) {
    var keys = Reflect.ownKeys(o);
    var parts = [];
    for (var i = 0; i < keys.length; i++) {
      var k = keys[i];
      if (skipIndex && typeof k === "string" && String(k >>> 0) === k && (k >>> 0) !== 4294967295) continue;
      if (skipIndex && k === "length") continue;
      var d = Object.getOwnPropertyDescriptor(o, k);
      if (!d) continue;
      var flags = (d.enumerable ? "" : "!e") + ("value" in d ? (d.writable ? "" : "!w") : "") + (d.configurable ? "" : "!c");
      var v = "value" in d ? enc(d.value, seen, depth + 1) : "get/set";
      parts.push(key(k) + (flags ? "(" + flags + ")" : "") + ":" + v);
    }
    return parts.join(",");
  }
  function enc(v, seen, depth) {
    switch (typeof v) {
      case "undefined": return "u";
      case "boolean": return v ? "T" : "F";
      case "number": return num(v);
      case "string": return str(v);
      case "bigint": return "b" + v.toString(16);
      case "symbol": return "sym(" + str(String(v.description)) + ")";
      case "function": return "fn";
    }
    if (v === null) return "null";
    if (depth > 60) return "<deep>";
    if (seen.indexOf(v) >= 0) return "<cycle>";
    seen.push(v);
    try {
      var tag = Object.prototype.toString.call(v);
      var pn = protoName(v);
      if (Array.isArray(v)) {
        var items = [];
        for (var i = 0; i < v.length && i < 5000; i++) items.push(i in v ? enc(v[i], seen, depth + 1) : "_");
        var rest = props(v, seen, depth, true);
        return (pn === "Array" ? "" : "<" + pn + ">") + "[" + items.join(",") + (v.length > 5000 ? ",...len=" + v.length : "") + "]" + (rest ? "{" + rest + "}" : "");
      }
      if (ArrayBuffer.isView(v)) {
        if (v instanceof DataView) return "DataView(" + v.byteOffset + "," + v.byteLength + ")";
        var els = [];
        for (var j = 0; j < v.length; j++) els.push(enc(v[j], seen, depth + 1));
        return tag.slice(8, -1) + "[" + els.join(",") + "]";
      }
      if (v instanceof ArrayBuffer) {
        var bytes = new Uint8Array(v), bs = [];
        for (var b = 0; b < bytes.length; b++) bs.push(bytes[b]);
        return "ArrayBuffer[" + bs.join(",") + "]";
      }
      if (v instanceof Date) return "Date(" + num(v.getTime()) + ")";
      if (v instanceof RegExp) return "RegExp(" + str(v.source) + "," + str(v.flags) + "," + enc(v.lastIndex, seen, depth + 1) + ")";
      if (v instanceof Error) return "Error(" + str(String(v.name)) + ")";
      if (v instanceof Map) {
        var ms = [];
        v.forEach(function (val, k) { ms.push(enc(k, seen, depth + 1) + "=>" + enc(val, seen, depth + 1)); });
        return "Map{" + ms.join(",") + "}";
      }
      if (v instanceof Set) {
        var ss = [];
        v.forEach(function (val) { ss.push(enc(val, seen, depth + 1)); });
        return "Set{" + ss.join(",") + "}";
      }
      if (v instanceof Number || v instanceof String || v instanceof Boolean || (typeof BigInt === "function" && v instanceof BigInt)) {
        return "Box(" + enc(v.valueOf(), seen, depth + 1) + "){" + props(v, seen, depth, v instanceof String) + "}";
      }
      if (v instanceof Promise) return "Promise";
      return (pn ? "<" + pn + ">" : "") + "{" + props(v, seen, depth, false) + "}";
    } finally {
      seen.pop();
    }
  }
  function errName(e) {
    if (e instanceof Error) {
      var n = e.constructor && e.constructor.name;
      return typeof n === "string" ? n : "Error";
    }
    return "value:" + enc(e, [], 0);
  }
  return function (fn) {
    var out;
    try {
      out = "=" + enc(fn(), [], 0);
    } catch (e) {
      out = "!" + errName(e);
    }
    return out;
  };
})();
