// The sandbox prelude. Evaluated once per VM, before the script, as a function expression that
// receives the native host object and returns `configure`, which takes the run's settings (seed,
// connectors, store() values, limits) and returns the internals the Rust side drives. The VM
// and everything up to `configure` can be built before the run is known (while the host is
// idle); `configure` is the part that depends on the run. Everything it
// defines is reached by the script only through the globals installed here; the host object and
// the internals stay in this closure, so a script cannot forge a call, a delivery or an output.
//
// Hardening rule: the prelude's own bookkeeping never looks up a built-in at call time (a script
// may replace `Promise.prototype.then`, `Map.prototype.get`, `String.prototype.charCodeAt`...).
// Built-ins it needs are captured here, containers are null-prototype objects, and the checks
// that guard the engine (source nesting, regex shape) run in Rust.
(function (host) {
  "use strict";
  // The run's settings, set by `configure` before the script runs.
  let limits;
  // ---- Captured built-ins.
  const apply = Reflect.apply, construct = Reflect.construct, defineProperty = Object.defineProperty;
  const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor, createObject = Object.create;
  const objectKeys = Object.keys, freeze = Object.freeze, isArray = Array.isArray;
  const floor = Math.floor, toNumber = Number, toStr = String, isFinite = Number.isFinite;
  const PromiseCtor = Promise, promiseThen = Promise.prototype.then;
  const promiseResolve = Promise.resolve, promiseReject = Promise.reject;
  const SetCtor = Set, setAdd = Set.prototype.add, setHas = Set.prototype.has;
  const ErrorCtor = Error, TypeErrorCtor = TypeError, RangeErrorCtor = RangeError;
  const iteratorSymbol = Symbol.iterator;
  const rawStringify = JSON.stringify, rawParse = JSON.parse;
  const keep = (value, key, object) => defineProperty(object, key, { value, writable: true, configurable: true, enumerable: false });
  const rejected = (error) => apply(promiseReject, PromiseCtor, [error]);

  // ---- JSON: stringify/parse recurse natively once per level, so values and texts nested deeper
  // than limits.maxJsonDepth are refused: by the engine for stringify (the host sets its
  // RuntimeLimits::json_depth_limit), by host.checkJson for parse.
  const stringify = rawStringify;
  function parse(text, reviver) {
    const source = toStr(text);
    host.checkJson(source);
    return rawParse(source, reviver);
  }
  keep(parse, "parse", JSON);

  // ---- Size guards: native built-ins run outside the instruction budget, so the ones that can
  // build huge strings or arrays in one call check the size first (a catchable RangeError).
  let MAX_CHARS, MAX_ELEMENTS;
  const length = (value) => {
    const n = floor(toNumber(value));
    return n === Infinity ? Infinity : isFinite(n) && n > 0 ? n : 0;
  };
  // Past V8's own limits (a string of 2^29 - 24 characters, an array of 2^32 - 1 elements) the
  // error is V8's; below them, the sandbox's smaller limit says what it is.
  const V8_MAX_CHARS = 536870888;
  const V8_MAX_ELEMENTS = 4294967295;
  const tooLong = (what, n) => n > V8_MAX_CHARS
    ? new RangeErrorCtor("Invalid string length")
    : new RangeErrorCtor(`${what}: the string would be ${n} characters; the limit is ${MAX_CHARS}`);
  const tooMany = (what, n) => n > V8_MAX_ELEMENTS || n !== floor(n)
    ? new RangeErrorCtor("Invalid array length")
    : new RangeErrorCtor(`${what}: ${n} elements; the limit is ${MAX_ELEMENTS}`);
  function guard(object, name, check) {
    const original = object[name];
    const wrapped = { [name](...args) { check(this, args); return apply(original, this, args); } }[name];
    defineProperty(wrapped, "length", { value: original.length });
    keep(wrapped, name, object);
  }
  // (Checks read their arguments by index: destructuring would use the overridable iterator.)
  guard(String.prototype, "repeat", (self, args) => {
    const count = length(args[0]);
    // An infinite count is the engine's "Invalid count value: Infinity", as in V8.
    if (count === Infinity) return;
    const n = toStr(self).length * count;
    if (n > MAX_CHARS) throw tooLong("repeat", n);
  });
  for (const name of ["padStart", "padEnd"]) {
    guard(String.prototype, name, (self, args) => {
      const n = length(args[0]);
      if (n > MAX_CHARS) throw tooLong(name, n);
    });
  }
  guard(String.prototype, "concat", (self, args) => {
    let n = toStr(self).length;
    for (let i = 0; i < args.length; i++) n += toStr(args[i]).length;
    if (n > MAX_CHARS) throw tooLong("concat", n);
  });
  // The string's length is checked by the engine as it joins (each element converted once). On
  // `undefined`/`null` the built-in throws V8's own error ("Cannot convert undefined or null to
  // object"), not the check's read of `length`.
  guard(Array.prototype, "join", (self) => {
    if (self === undefined || self === null) return;
    const count = length(self.length);
    if (count > MAX_ELEMENTS) throw tooMany("join", count);
  });
  guard(Array.prototype, "fill", (self) => {
    if (self === undefined || self === null) return;
    const count = length(self.length);
    if (count > MAX_ELEMENTS) throw tooMany("fill", count);
  });
  guard(Array, "from", (self, args) => {
    const items = args[0];
    if (items !== null && typeof items === "object" && !(iteratorSymbol in items)) {
      const count = length(items.length);
      if (count > MAX_ELEMENTS) throw tooMany("Array.from", count);
    }
  });
  // Annex B builders: `escape` writes up to 6 characters per character; the HTML methods
  // (`"x".link(url)`) quote their attribute, and a `"` becomes 6 characters.
  guard(globalThis, "escape", (self, args) => {
    const n = toStr(args[0]).length * 6;
    if (n > MAX_CHARS) throw tooLong("escape", n);
  });
  for (const name of ["anchor", "fontcolor", "fontsize", "link"]) {
    guard(String.prototype, name, (self, args) => {
      const n = toStr(self).length + toStr(args[0]).length * 6 + 32;
      if (n > MAX_CHARS) throw tooLong(name, n);
    });
  }
  // Argument lists built from array-likes (`f.apply(null, {length: 1e9})`).
  const checkArgumentList = (what, list) => {
    if (list !== null && typeof list === "object") {
      const count = length(list.length);
      if (count > MAX_ELEMENTS) throw tooMany(what, count);
    }
  };
  guard(Function.prototype, "apply", (self, args) => checkArgumentList("apply", args[1]));
  guard(Reflect, "apply", (self, args) => checkArgumentList("Reflect.apply", args[2]));
  guard(Reflect, "construct", (self, args) => checkArgumentList("Reflect.construct", args[1]));
  {
    const OriginalArray = Array;
    const checkSize = (args) => {
      if (args.length === 1 && typeof args[0] === "number" && args[0] > MAX_ELEMENTS) throw tooMany("Array", args[0]);
    };
    const GuardedArray = new Proxy(OriginalArray, {
      apply(target, self, args) { checkSize(args); return apply(target, self, args); },
      construct(target, args, newTarget) { checkSize(args); return construct(target, args, newTarget); },
    });
    keep(GuardedArray, "constructor", OriginalArray.prototype);
    keep(GuardedArray, "Array", globalThis);
  }

  // ---- Code compiled at run time (eval, Function constructors) gets the same nesting check as
  // the script: the parser recurses once per bracket level.
  {
    const originalEval = globalThis.eval;
    // A replaced eval is always an indirect eval: it sees globals, not the caller's locals.
    keep({ eval(source) {
      if (typeof source === "string") host.checkSource(source);
      return originalEval(source);
    } }.eval, "eval", globalThis);
    const checkArgs = (args) => { for (let i = 0; i < args.length; i++) host.checkSource(toStr(args[i])); };
    const constructors = [
      Function,
      (async function () {}).constructor,
      (function* () {}).constructor,
      (async function* () {}).constructor,
    ];
    for (const Original of constructors) {
      const Guarded = new Proxy(Original, {
        apply(target, self, args) { checkArgs(args); return apply(target, self, args); },
        construct(target, args, newTarget) { checkArgs(args); return construct(target, args, newTarget); },
      });
      keep(Guarded, "constructor", Original.prototype);
      if (Original === Function) keep(Guarded, "Function", globalThis);
    }
  }

  // ---- Regular expressions need no guard here: the engine bounds every match by a step limit
  // (SandboxLimits::max_regex_steps) and charges the steps to the instruction budget.

  // ---- Engine-level globals that leak host timing or are not deterministic.
  for (const name of ["WeakRef", "FinalizationRegistry", "SharedArrayBuffer", "Atomics", "Temporal"]) {
    delete globalThis[name];
  }

  // ---- sfc32 seeded per execution: Math.random (and crypto's values) are identical on every
  // replay of a run.
  let a = 0, b = 0, c = 0, d = 1;
  function nextUint32() {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b | 0) + d | 0;
    d = d + 1 | 0;
    a = b ^ b >>> 9;
    b = c + (c << 3) | 0;
    c = c << 21 | c >>> 11;
    c = c + t | 0;
    return t >>> 0;
  }
  const next = () => nextUint32() / 4294967296;
  function seed(seedHigh, seedLow) {
    a = seedHigh >>> 0; b = seedLow >>> 0; c = (seedHigh ^ 0x9e3779b9) >>> 0; d = 1;
    for (let i = 0; i < 15; i++) next();
  }
  keep(function random() { return next(); }, "random", Math);

  // ---- Output, errors.
  function show(value) {
    if (typeof value === "string") return value;
    if (value === undefined) return "undefined";
    if (typeof value === "function") return `[Function ${value.name || "anonymous"}]`;
    if (typeof value === "bigint") return `${value}n`;
    if (typeof value === "symbol") return toStr(value);
    if (value instanceof ErrorCtor) return `${value.name}: ${value.message}`;
    try {
      const json = stringify(value);
      return json === undefined ? toStr(value) : json;
    } catch (_) {
      try { return toStr(value); } catch (__) { return "[unprintable]"; }
    }
  }

  // A thrown value as the host reads it. A null-prototype record: the state's JSON must not meet a
  // `toJSON` the script put on Object.prototype.
  function thrown(name, message, stack) {
    const record = createObject(null);
    record.name = name;
    record.message = message;
    record.stack = stack;
    return record;
  }

  function describeError(error) {
    try {
      if (error instanceof ErrorCtor) {
        let stack = "";
        try { stack = toStr(error.stack || ""); } catch (_) { /* a hostile getter */ }
        return thrown(toStr(error.name), toStr(error.message), stack);
      }
      return thrown("Error", `uncaught ${show(error)}`, "");
    } catch (_) {
      return thrown("Error", "uncaught value that cannot be described", "");
    }
  }

  // ---- store()/load(): JSON text snapshotted when the run was created; writes are kept apart and
  // applied by the host only if the run completes. The host checks the limits again.
  const values = createObject(null);
  const writes = createObject(null);

  function usage() {
    let total = 0;
    for (const key in values) total += key.length + values[key].length;
    return total;
  }

  function store(key, value) {
    if (typeof key !== "string" || key.length === 0 || key.length > limits.key) {
      throw new TypeErrorCtor(`store: the key must be a string of 1 to ${limits.key} characters`);
    }
    if (value === undefined) {
      delete values[key];
      writes[key] = null;
      return;
    }
    let json;
    try {
      json = stringify(value);
    } catch (error) {
      throw new TypeErrorCtor(`store: the value of "${key}" is not JSON: ${error.message}`);
    }
    if (json === undefined) throw new TypeErrorCtor(`store: the value of "${key}" is not JSON`);
    if (json.length > limits.value) {
      throw new RangeErrorCtor(`store: the value of "${key}" is ${json.length} characters of JSON; the limit is ${limits.value}`);
    }
    const before = values[key];
    values[key] = json;
    const total = usage();
    if (total > limits.total) {
      if (before === undefined) delete values[key]; else values[key] = before;
      throw new RangeErrorCtor(`store: all values would take ${total} characters of JSON; the limit is ${limits.total}`);
    }
    writes[key] = json;
  }

  function load(key) {
    const json = values[toStr(key)];
    return json === undefined ? undefined : rawParse(json);
  }

  // ---- Tool calls. `host.call(index, argsJson)` returns the call's promise; the host keeps its
  // settle functions (by seq) and settles it when the outcome is delivered. `index` is the
  // method's place in the host's table: connectorTable's methods in order, then codemode.step.
  let STEP = 0;

  /** Journals fn's value: later passes get the recorded value. fn itself runs on every pass, like
   * all script code in a replay, so what it changes (variables, Math.random's sequence) and the
   * tool calls it makes (answered from the journal) stay the same; only its value is fixed. */
  async function step(name, fn) {
    if (typeof fn !== "function") throw new TypeErrorCtor("codemode.step(name, fn): fn must be a function");
    const settled = host.call(STEP, rawStringify({ name: toStr(name) }));
    const seq = host.lastSeq();
    const recorded = host.recorded(seq);
    let ok = true, payload;
    try {
      const value = await fn();
      payload = value === undefined ? "null" : stringify(value);
      if (payload === undefined) throw new TypeErrorCtor(`codemode.step("${name}"): the value is not JSON`);
    } catch (error) {
      ok = false;
      payload = error instanceof ErrorCtor ? toStr(error.message) : show(error);
    }
    if (!recorded) host.stepDone(seq, ok, payload);
    return settled;
  }

  const objectPrototype = Object.prototype;
  function call(connector, method, index, args) {
    let json;
    // No argument: `{}`, whose JSON is "{}" unless the script gave objects a `toJSON`.
    if (args === undefined && !("toJSON" in objectPrototype)) {
      json = "{}";
    } else {
      if (args === undefined) args = {};
      if (args === null || typeof args !== "object" || isArray(args)) {
        return rejected(new TypeErrorCtor(`${connector}.${method} takes one argument object, got ${show(args)}`));
      }
      try {
        json = stringify(args);
      } catch (error) {
        return rejected(new TypeErrorCtor(`${connector}.${method}: the argument is not JSON: ${error.message}`));
      }
    }
    try {
      return host.call(index, json);
    } catch (error) {
      return rejected(error);
    }
  }

  function connectorObject(connector, methods, first) {
    const target = createObject(null);
    for (let i = 0; i < methods.length; i++) {
      const method = methods[i], index = first + i;
      target[method] = function (args) { return call(connector, method, index, args); };
    }
    freeze(target);
    const known = methods.join(", ");
    // The get trap is native (it runs on every method access): a symbol, a method, "then" or
    // "toJSON" reads the target; any other name gets this function's rejecting method.
    const unknown = (key) => function () {
      return rejected(new TypeErrorCtor(`${connector}.${key} is not a method; ${connector} has: ${known}`));
    };
    return new Proxy(target, {
      get: host.connectorGet(unknown),
      set() { return false; },
      defineProperty() { return false; },
      deleteProperty() { return false; },
    });
  }

  // ---- Globals.
  const globals = createObject(null);

  // Output goes straight to the host (which caps it), so it survives a script that is stopped.
  const TEXT = 0, CONSOLE = 1;
  const log = (prefix) => function (...args) {
    let line = prefix;
    for (let i = 0; i < args.length; i++) line += (i > 0 ? " " : "") + show(args[i]);
    host.output(CONSOLE, line);
  };
  globals.console = freeze({
    log: log(""), info: log(""), debug: log(""), warn: log("[warn] "), error: log("[error] "),
  });
  globals.text = function text(value) { host.output(TEXT, show(value)); };
  // image(): bytes (checked and sized natively), base64 text, or a reference a model call
  // returned; the runtime keeps the bytes apart from the run's record.
  globals.image = function image(data, options) {
    const mimeType = options === undefined || options === null ? undefined : options.mimeType;
    if (mimeType !== undefined && typeof mimeType !== "string") throw new TypeError("image(): options.mimeType must be a string");
    if (typeof data === "string") return void host.imageBase64(data, mimeType);
    if (data instanceof ArrayBufferCtor) return void host.imageBytes(data, 0, data.byteLength, mimeType);
    if (isView(data)) return void host.imageBytes(data.buffer, data.byteOffset, data.byteLength, mimeType);
    if (data !== null && typeof data === "object" && data.type === "image" && typeof data.id === "string") {
      return void host.imageRef(data.id);
    }
    throw new TypeError("image(): data must be a Uint8Array, an ArrayBuffer, base64 text or an image reference from models.generateImages()");
  };
  globals.store = store;
  globals.load = load;
  const search = async (query, options) => {
    const found = rawParse(host.search(toStr(query)));
    const limit = options !== null && typeof options === "object" ? length(options.limit) : 0;
    if (limit > 0 && found.results.length > limit) {
      found.results.length = limit;
      found.truncated = true;
    }
    return found;
  };
  const describe = async (path) => rawParse(host.describe(toStr(path)));
  globals.codemode = freeze({
    search,
    describe,
    run: async (name, input) => {
      const snippet = host.snippet(toStr(name));
      return await snippet(input === undefined ? {} : input);
    },
    step,
  });
  // Aliases for scripts written to the searchTools/describeTool style.
  globals.searchTools = search;
  globals.describeTool = describe;
  globals.describeNamespace = describe;
  for (const name of objectKeys(globals)) {
    defineProperty(globalThis, name, { value: globals[name], writable: false, configurable: false, enumerable: false });
  }

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

  // queueMicrotask: a job behind the promise jobs already queued, like a resolved `then`. An
  // error thrown by the callback is reported on the console (it has no caller to reach).
  const settledPromise = apply(promiseResolve, PromiseCtor, [undefined]);
  web.queueMicrotask = function queueMicrotask(callback) {
    if (typeof callback !== "function") throw new TypeErrorCtor("queueMicrotask: the callback must be a function");
    apply(promiseThen, settledPromise, [() => {
      try { callback(); } catch (error) { host.output(CONSOLE, `[error] uncaught in a queueMicrotask callback: ${show(error)}`); }
    }]);
  };

  // Timers: durable. `host.timer(kind, delayMs)` sets one (a journaled `codemode.setTimeout` or
  // `codemode.setInterval` call that the run loop fires when due, moving the virtual clock to
  // that time); its promise resolves when it fires. Ids are numbers, as in browsers and Workers;
  // `timerSeqs[id]` is the seq of the timer's next firing. An interval sets its next tick before
  // calling back. An error thrown by a callback is reported on the console (it has no caller).
  // Timers still pending when the script's promise settles never fire.
  const timerSeqs = createObject(null);
  let lastTimerId = 0;
  const timerDelay = (ms) => {
    const delay = toNumber(ms);
    return delay > 0 && delay !== Infinity ? delay : 0;
  };
  function armTimer(kind, id, ms, fire) {
    const fired = host.timer(kind, ms);
    timerSeqs[id] = host.lastSeq();
    apply(promiseThen, fired, [fire]);
  }
  function callBack(name, callback, args) {
    try { apply(callback, undefined, args); } catch (error) { host.output(CONSOLE, `[error] uncaught in a ${name} callback: ${show(error)}`); }
  }
  function checkCallback(name, callback) {
    if (typeof callback !== "function") throw new TypeErrorCtor(`${name}: the callback must be a function (code strings are not evaluated)`);
  }
  function clearTimer(id) {
    const seq = timerSeqs[id];
    if (seq === undefined) return;
    delete timerSeqs[id];
    host.clearTimer(seq);
  }
  web.setTimeout = function setTimeout(callback, ms, ...args) {
    checkCallback("setTimeout", callback);
    const id = ++lastTimerId;
    armTimer(0, id, timerDelay(ms), () => {
      delete timerSeqs[id];
      callBack("setTimeout", callback, args);
    });
    return id;
  };
  web.setInterval = function setInterval(callback, ms, ...args) {
    checkCallback("setInterval", callback);
    const id = ++lastTimerId, delay = timerDelay(ms);
    const tick = () => {
      armTimer(1, id, delay, tick);
      callBack("setInterval", callback, args);
    };
    armTimer(1, id, delay, tick);
    return id;
  };
  web.clearTimeout = function clearTimeout(id) { clearTimer(id); };
  web.clearInterval = function clearInterval(id) { clearTimer(id); };

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

  // URLSearchParams: a list of name/value pairs; when it belongs to a URL, changes rewrite the
  // URL's query. URL: the WHATWG parser of the `url` crate, through host.urlParse/urlSet.
  let paramsReset, paramsOwner, urlSetSearch;
  class URLSearchParams {
    #list = [];
    #url = null;
    static {
      paramsReset = (params, query) => { params.#list = host.formParse(query); };
      paramsOwner = (params, url) => { params.#url = url; };
    }
    constructor(init = "") {
      if (init !== null && typeof init === "object") {
        if (typeof init[iteratorSymbol] === "function") {
          for (const pair of init) {
            const items = [...pair];
            if (items.length !== 2) throw new TypeErrorCtor("URLSearchParams: each pair must have exactly two items");
            this.#list.push([toStr(items[0]), toStr(items[1])]);
          }
        } else {
          for (const key of objectKeys(init)) this.#list.push([key, toStr(init[key])]);
        }
      } else {
        const query = toStr(init);
        this.#list = host.formParse(query.startsWith("?") ? query.slice(1) : query);
      }
    }
    #update() { if (this.#url !== null) urlSetSearch(this.#url, this.toString()); }
    get size() { return this.#list.length; }
    append(name, value) { this.#list.push([toStr(name), toStr(value)]); this.#update(); }
    delete(name, value) {
      const n = toStr(name), v = value === undefined ? undefined : toStr(value);
      this.#list = this.#list.filter(([k, x]) => k !== n || (v !== undefined && x !== v));
      this.#update();
    }
    get(name) { const n = toStr(name); return this.#list.find(([k]) => k === n)?.[1] ?? null; }
    getAll(name) { const n = toStr(name); return this.#list.filter(([k]) => k === n).map(([, v]) => v); }
    has(name, value) {
      const n = toStr(name), v = value === undefined ? undefined : toStr(value);
      return this.#list.some(([k, x]) => k === n && (v === undefined || x === v));
    }
    set(name, value) {
      const n = toStr(name), v = toStr(value);
      const first = this.#list.findIndex(([k]) => k === n);
      if (first === -1) this.#list.push([n, v]);
      else this.#list = this.#list.filter(([k], i) => k !== n || i === first).map((pair, i) => (i === first ? [n, v] : pair));
      this.#update();
    }
    sort() {
      // Stable, by UTF-16 code units.
      apply(sortPairs, this.#list, [([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)]);
      this.#update();
    }
    forEach(callback, thisArg) {
      for (const [k, v] of this.#list) apply(callback, thisArg, [v, k, this]);
    }
    keys() { return this.#list.map(([k]) => k)[iteratorSymbol](); }
    values() { return this.#list.map(([, v]) => v)[iteratorSymbol](); }
    entries() { return this.#list.map(([k, v]) => [k, v])[iteratorSymbol](); }
    [Symbol.iterator]() { return this.entries(); }
    toString() {
      const flat = [];
      for (const [k, v] of this.#list) flat.push(k, v);
      return host.formSerialize(flat);
    }
    get [Symbol.toStringTag]() { return "URLSearchParams"; }
  }

  class URL {
    #parts;
    #params;
    static {
      urlSetSearch = (url, query) => { url.#parts = host.urlSet(url.#parts.href, "search", query); };
    }
    constructor(url, base) {
      const parts = host.urlParse(toStr(url), base === undefined ? undefined : toStr(base));
      // The Workers runtime's words.
      if (parts === null) throw new TypeErrorCtor("Invalid URL string.");
      this.#parts = parts;
      this.#params = new URLSearchParams(parts.search);
      paramsOwner(this.#params, this);
    }
    static canParse(url, base) {
      return host.urlParse(toStr(url), base === undefined ? undefined : toStr(base)) !== null;
    }
    static parse(url, base) {
      try { return new URL(url, base); } catch (_) { return null; }
    }
    #set(name, value) {
      this.#parts = host.urlSet(this.#parts.href, name, toStr(value));
      if (name === "href" || name === "search") paramsReset(this.#params, this.#parts.search.slice(1));
    }
    get href() { return this.#parts.href; }
    set href(value) { this.#set("href", value); }
    get origin() { return this.#parts.origin; }
    get protocol() { return this.#parts.protocol; }
    set protocol(value) { this.#set("protocol", value); }
    get username() { return this.#parts.username; }
    set username(value) { this.#set("username", value); }
    get password() { return this.#parts.password; }
    set password(value) { this.#set("password", value); }
    get host() { return this.#parts.host; }
    set host(value) { this.#set("host", value); }
    get hostname() { return this.#parts.hostname; }
    set hostname(value) { this.#set("hostname", value); }
    get port() { return this.#parts.port; }
    set port(value) { this.#set("port", value); }
    get pathname() { return this.#parts.pathname; }
    set pathname(value) { this.#set("pathname", value); }
    get search() { return this.#parts.search; }
    set search(value) { this.#set("search", value); }
    get hash() { return this.#parts.hash; }
    set hash(value) { this.#set("hash", value); }
    get searchParams() { return this.#params; }
    toString() { return this.#parts.href; }
    toJSON() { return this.#parts.href; }
    get [Symbol.toStringTag]() { return "URL"; }
  }
  web.URL = URL;
  web.URLSearchParams = URLSearchParams;

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

  // Dates print their zone's name as V8 does: "... GMT+0000 (Coordinated Universal Time)".
  for (const name of ["toString", "toTimeString"]) {
    const original = DateCtor.prototype[name];
    keep({ [name]() {
      const text = apply(original, this, []);
      return text === "Invalid Date" ? text : `${text} (Coordinated Universal Time)`;
    } }[name], name, DateCtor.prototype);
  }

  for (const name of objectKeys(web)) keep(web[name], name, globalThis);

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

  // ---- Internals, for the host only.
  // Null prototypes: an `Object.prototype.toJSON` from the script cannot rewrite the state.
  const outcome = createObject(null);
  outcome.done = false;
  outcome.ok = false;
  const internals = freeze({
    /** Starts the wrapped script function and records how it settles. */
    start(main) {
      let promise;
      try {
        promise = apply(promiseResolve, PromiseCtor, [main()]);
      } catch (error) {
        promise = rejected(error);
      }
      apply(promiseThen, promise, [
        (value) => {
          outcome.done = true;
          host.done();
          outcome.ok = true;
          if (value !== undefined) {
            try {
              outcome.value = stringify(value);
            } catch (error) {
              if (error instanceof RangeErrorCtor) {
                // Too deep to hand over: the run fails with the reason.
                outcome.ok = false;
                outcome.error = describeError(error);
                return;
              }
              outcome.value = rawStringify(show(value));
            }
          }
        },
        (error) => {
          outcome.done = true;
          host.done();
          outcome.error = describeError(error);
        },
      ]);
    },
    /** Settles a call's promise with a journaled outcome the host does not settle itself: JSON
     * text (a value nested deeper than the host converts) for `resolve`, or an error message for
     * `reject`. */
    deliver(settle, ok, payload) {
      settle(ok ? rawParse(payload) : new ErrorCtor(payload));
    },
    /** JSON of how the script stands and its store() writes. */
    state() {
      const state = createObject(null);
      state.outcome = outcome;
      state.writes = writes;
      return rawStringify(state);
    },
  });

  // ---- The run's settings: the seed, the connectors (globals after the sandbox's own), the
  // store() values as JSON text, the limits. Called once, before the script.
  return function configure(seedHigh, seedLow, connectorTable, valuesJson, runLimits) {
    limits = runLimits;
    MAX_CHARS = limits.maxChars;
    MAX_ELEMENTS = limits.maxElements;
    seed(seedHigh, seedLow);
    const initial = rawParse(valuesJson);
    for (const key of objectKeys(initial)) values[key] = rawStringify(initial[key]);
    let first = 0;
    for (const [connector, methods] of connectorTable) {
      defineProperty(globalThis, connector, { value: connectorObject(connector, methods, first), writable: false, configurable: false, enumerable: false });
      first += methods.length;
    }
    STEP = first;
    return internals;
  };
})
