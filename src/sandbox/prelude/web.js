// Web platform globals, first part: the `web` table (installed by crypto.js, the last web
// module), DOMException and structuredClone.

// ---- Web platform globals that model-written code expects (the README lists them). They are
// ordinary script-level code: a script that replaces the built-ins they use changes only its
// own results. Byte and URL work is native (host.utf8*, host.url*, host.form*, host.atob/btoa);
// randomness comes from the run's seeded generator, so a replay sees the same values.
const web = createObject(null);
const Uint8ArrayCtor = Uint8Array, ArrayBufferCtor = ArrayBuffer, isView = ArrayBuffer.isView;
const MapCtor = Map, DateCtor = Date, RegExpCtor = RegExp, DataViewCtor = DataView;
const sortPairs = Array.prototype.sort;

const DOM_EXCEPTION_CODES = Object.assign(createObject(null), {
  IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5,
  NoModificationAllowedError: 7, NotFoundError: 8, NotSupportedError: 9, InvalidStateError: 11,
  SyntaxError: 12, InvalidModificationError: 13, NamespaceError: 14, InvalidAccessError: 15,
  TypeMismatchError: 17, SecurityError: 18, NetworkError: 19, AbortError: 20, URLMismatchError: 21,
  QuotaExceededError: 22, TimeoutError: 23, InvalidNodeTypeError: 24, DataCloneError: 25,
});
class DOMException extends ErrorCtor {
  constructor(message = "", name = "Error") {
    super(toStr(message));
    keep(toStr(name), "name", this);
  }
  get code() { return DOM_EXCEPTION_CODES[this.name] ?? 0; }
}
web.DOMException = DOMException;

// structuredClone: plain data, arrays, Date, RegExp, Map, Set, ArrayBuffer and views, errors
// and primitive wrappers, cycles and shared references kept. Iterative, so deep values do not
// use the recursion limit. Functions, symbols, promises, weak collections: DataCloneError.
const ERROR_CTORS = { __proto__: null, Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
// V8 names a function by its source text.
const functionSource = Function.prototype.toString;
const notCloneable = (value) => new DOMException(
  `${typeof value === "function" ? apply(functionSource, value, []) : show(value)} could not be cloned.`,
  "DataCloneError",
);
function structuredClone(value, options) {
  if (arguments.length === 0) throw new TypeErrorCtor("structuredClone: 1 argument required, but only 0 present.");
  const memory = new MapCtor();
  const work = [];
  const take = (v) => {
    if (typeof v === "symbol" || typeof v === "function") throw notCloneable(v);
    if (v === null || typeof v !== "object") return v;
    if (memory.has(v)) return memory.get(v);
    let out;
    if (isArray(v)) { out = new Array(v.length); work.push(v, out, 0); }
    else if (v instanceof DateCtor) out = new DateCtor(v.getTime());
    else if (v instanceof RegExpCtor) out = new RegExpCtor(v.source, v.flags);
    else if (v instanceof MapCtor) { out = new MapCtor(); work.push(v, out, 1); }
    else if (v instanceof SetCtor) { out = new SetCtor(); work.push(v, out, 2); }
    else if (v instanceof ArrayBufferCtor) out = v.slice(0);
    else if (isView(v)) {
      const buffer = take(v.buffer);
      out = v instanceof DataViewCtor
        ? new DataViewCtor(buffer, v.byteOffset, v.byteLength)
        : new v.constructor(buffer, v.byteOffset, v.length);
    }
    else if (v instanceof ErrorCtor) {
      out = new (ERROR_CTORS[toStr(v.name)] ?? ErrorCtor)(toStr(v.message));
    }
    else if (v instanceof Boolean || v instanceof Number || v instanceof String || v instanceof BigInt) out = Object(v.valueOf());
    else if (v instanceof PromiseCtor || v instanceof WeakMap || v instanceof WeakSet) throw notCloneable(v);
    else { out = {}; work.push(v, out, 0); }
    memory.set(v, out);
    return out;
  };
  const result = take(value);
  while (work.length > 0) {
    const kind = work.pop(), out = work.pop(), v = work.pop();
    if (kind === 0) {
      for (const key of objectKeys(v)) out[key] = take(v[key]);
    } else if (kind === 1) {
      for (const [key, item] of v) out.set(take(key), take(item));
    } else {
      for (const item of v) out.add(take(item));
    }
  }
  return result;
}
web.structuredClone = structuredClone;
