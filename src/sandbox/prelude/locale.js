// Locales: Date's zone name, Intl and the locale-aware methods of the built-ins.

// Dates print their zone's name as V8 does: "... GMT+0000 (Coordinated Universal Time)".
for (const name of ["toString", "toTimeString"]) {
  const original = DateCtor.prototype[name];
  keep({ [name]() {
    const text = apply(original, this, []);
    return text === "Invalid Date" ? text : `${text} (Coordinated Universal Time)`;
  } }[name], name, DateCtor.prototype);
}

// ---- Locales: Intl and the locale-aware methods of the built-ins. Their machinery is
// src/sandbox/intl.js, compiled once per isolate on first use (`host.intlModule()`) and given
// the built-ins captured here; the stubs below and the `Intl` accessor call into it.
const numberValueOf = Number.prototype.valueOf, bigintValueOf = BigInt.prototype.valueOf;
const dateGetTime = DateCtor.prototype.getTime, dateNow = DateCtor.now;
const toObject = Object, symbolToStringTag = Symbol.toStringTag, symbolIterator = Symbol.iterator;
const iteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][symbolIterator]()));
const WeakMapCtor = WeakMap, weakGet = WeakMap.prototype.get, weakSet = WeakMap.prototype.set;
let localeLayer = null;
const locale = () => {
  if (localeLayer === null) {
    const kit = createObject(null);
    kit.hostIntl = host.intl; kit.apply = apply; kit.defineProperty = defineProperty;
    kit.createObject = createObject; kit.objectKeys = objectKeys; kit.objectPrototype = objectPrototype;
    kit.freeze = freeze; kit.rawStringify = rawStringify; kit.rawParse = rawParse; kit.toStr = toStr;
    kit.toNumber = toNumber; kit.isFinite = isFinite; kit.length = length; kit.SetCtor = SetCtor;
    kit.setHas = setHas; kit.TypeErrorCtor = TypeErrorCtor; kit.RangeErrorCtor = RangeErrorCtor;
    kit.WeakMapCtor = WeakMapCtor; kit.weakGet = weakGet; kit.weakSet = weakSet;
    kit.symbolToStringTag = symbolToStringTag; kit.dateNow = dateNow; kit.toObject = toObject;
    kit.show = show; kit.keep = keep; kit.sliceString = sliceString; kit.symbolIterator = symbolIterator;
    kit.iteratorPrototype = iteratorPrototype;
    localeLayer = host.intlModule()(kit);
  }
  return localeLayer;
};
const intl = (kind, method, locales, options, args) => locale().call(kind, method, locales, options, args);

// The methods of the built-ins, assigned over the engine's (which keeps their attributes). Their
// `length`s are V8's: the optional arguments are read from `arguments`.
const noReceiver = (name) => new TypeErrorCtor(`String.prototype.${name} called on null or undefined`);
Number.prototype.toLocaleString = function toLocaleString() {
  return intl("NumberFormat", "format", arguments[0], arguments[1], [apply(numberValueOf, this, [])]);
};
BigInt.prototype.toLocaleString = function toLocaleString() {
  return intl("NumberFormat", "format", arguments[0], arguments[1], [apply(bigintValueOf, this, [])]);
};
String.prototype.localeCompare = function localeCompare(that) {
  if (this === undefined || this === null) throw noReceiver("localeCompare");
  return intl("Collator", "compare", arguments[1], arguments[2], [toStr(this), toStr(that)]);
};
// Case mapping leaves a lone surrogate as it is (V8); the locale layer maps well-formed text,
// so a string holding one is mapped run by run around it.
const stringProto = String.prototype;
const isWellFormed = stringProto.isWellFormed, charCodeAt = stringProto.charCodeAt, sliceString = stringProto.slice;
const mapWellFormedRuns = (text, map) => {
  if (apply(isWellFormed, text, [])) return map(text);
  let out = "", start = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = apply(charCodeAt, text, [i]);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit <= 0xdbff) {
      const next = apply(charCodeAt, text, [i + 1]);
      if (next >= 0xdc00 && next <= 0xdfff) { i++; continue; }
    }
    if (i > start) out += map(apply(sliceString, text, [start, i]));
    out += apply(sliceString, text, [i, i + 1]);
    start = i + 1;
  }
  // The last run, or an empty one when there is none: the locale is checked either way.
  return out + map(apply(sliceString, text, [start]));
};
String.prototype.toLocaleUpperCase = function toLocaleUpperCase() {
  if (this === undefined || this === null) throw noReceiver("toLocaleUpperCase");
  const locales = arguments[0];
  return mapWellFormedRuns(toStr(this), (run) => intl("String", "toLocaleUpperCase", locales, undefined, [run]));
};
String.prototype.toLocaleLowerCase = function toLocaleLowerCase() {
  if (this === undefined || this === null) throw noReceiver("toLocaleLowerCase");
  const locales = arguments[0];
  return mapWellFormedRuns(toStr(this), (run) => intl("String", "toLocaleLowerCase", locales, undefined, [run]));
};
const dateProto = DateCtor.prototype;
dateProto.toLocaleString = function toLocaleString() {
  return intl("Date", "toLocaleString", arguments[0], arguments[1], [apply(dateGetTime, this, [])]);
};
dateProto.toLocaleDateString = function toLocaleDateString() {
  return intl("Date", "toLocaleDateString", arguments[0], arguments[1], [apply(dateGetTime, this, [])]);
};
dateProto.toLocaleTimeString = function toLocaleTimeString() {
  return intl("Date", "toLocaleTimeString", arguments[0], arguments[1], [apply(dateGetTime, this, [])]);
};
// Array (and typed array) toLocaleString: each element's own toLocaleString(locales, options).
// An array already being converted (a cycle) gives "", as in V8 and as `join` does.
const localeStack = { __proto__: null };
let localeDepth = 0;
function toLocaleString() {
  const locales = arguments[0], options = arguments[1];
  const list = toObject(this);
  for (let i = 0; i < localeDepth; i++) if (localeStack[i] === list) return "";
  const count = length(list.length);
  if (count > MAX_ELEMENTS) throw tooMany("toLocaleString", count);
  localeStack[localeDepth++] = list;
  try {
    let out = "";
    for (let i = 0; i < count; i++) {
      if (i > 0) out += ",";
      const item = list[i];
      if (item !== undefined && item !== null) out += toStr(item.toLocaleString(locales, options));
    }
    return out;
  } finally {
    localeStack[--localeDepth] = undefined;
  }
}
Array.prototype.toLocaleString = toLocaleString;
Object.getPrototypeOf(Uint8ArrayCtor.prototype).toLocaleString = toLocaleString;

// `Intl` is built the first time a script reads it (most scripts never do), through an accessor
// that stays one (boa caches global lookups by shape; turning the accessor into a data property
// on first read made later reads call the value as a getter).
let intlBuilt = false, intlValue;
defineProperty(globalThis, "Intl", {
  configurable: true,
  enumerable: false,
  get() {
    if (!intlBuilt) {
      intlValue = locale().buildIntl();
      intlBuilt = true;
    }
    return intlValue;
  },
  set(value) {
    intlBuilt = true;
    intlValue = value;
  },
});
