// The sandbox prelude. Evaluated once per VM, before the script, as a function expression that
// receives the native host object and returns the internals the Rust side drives. Everything it
// defines is reached by the script only through the globals installed here; the host object and
// the internals stay in this closure, so a script cannot forge a call, a delivery or an output.
(function (host, seedHigh, seedLow, connectorTable, valuesJson, limits) {
  "use strict";
  // Captured before the script runs, so a script that replaces them cannot weaken the guards.
  const apply = Reflect.apply, construct = Reflect.construct, defineProperty = Object.defineProperty;
  const floor = Math.floor, toNumber = Number, toStr = String, isFinite = Number.isFinite;
  const iteratorSymbol = Symbol.iterator;
  const pending = new Map();
  // store()/load(): the values as JSON text, snapshotted when the run was created; writes are
  // kept apart and applied by the host only if the run completes.
  const values = new Map();
  for (const [key, value] of Object.entries(JSON.parse(valuesJson))) values.set(key, JSON.stringify(value));
  const writes = new Map();
  const outcome = { done: false, ok: false, value: undefined, error: undefined };
  const freeze = Object.freeze;
  const rawStringify = JSON.stringify;
  const rawParse = JSON.parse;
  const isArray = Array.isArray, objectKeys = Object.keys;

  // JSON.stringify and JSON.parse recurse natively once per level: values and texts nested
  // deeper than limits.maxJsonDepth are refused before they are handed to them.
  function checkDepth(value) {
    if (value === null || typeof value !== "object") return;
    const seen = new Set();
    const stack = [[value, 1]];
    while (stack.length > 0) {
      const [node, depth] = stack.pop();
      if (depth > limits.maxJsonDepth) {
        throw new RangeError(`the value is nested more than ${limits.maxJsonDepth} levels deep`);
      }
      if (seen.has(node)) continue;
      seen.add(node);
      const children = isArray(node) ? node : objectKeys(node).map((key) => node[key]);
      for (const child of children) {
        if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
      }
    }
  }
  function stringify(value, replacer, space) {
    checkDepth(value);
    return rawStringify(value, replacer, space);
  }
  function parse(text, reviver) {
    const source = toStr(text);
    let depth = 0;
    for (let i = 0; i < source.length; i++) {
      const c = source.charCodeAt(i);
      if (c === 91 || c === 123) {
        if (++depth > limits.maxJsonDepth) throw new RangeError(`JSON nested more than ${limits.maxJsonDepth} levels deep`);
      } else if ((c === 93 || c === 125) && depth > 0) {
        depth--;
      }
    }
    return rawParse(text, reviver);
  }
  defineProperty(JSON, "stringify", { value: stringify, writable: true, configurable: true, enumerable: false });
  defineProperty(JSON, "parse", { value: parse, writable: true, configurable: true, enumerable: false });

  // Engine-level globals that leak host timing or are not deterministic.
  for (const name of ["WeakRef", "FinalizationRegistry", "SharedArrayBuffer", "Atomics", "Temporal"]) {
    delete globalThis[name];
  }

  // ---- Size guards: native built-ins run outside the instruction budget, so the ones that can
  // build huge strings or arrays in one call check the size first (a catchable RangeError).
  const MAX_CHARS = limits.maxChars, MAX_ELEMENTS = limits.maxElements;
  const length = (value) => {
    const n = floor(toNumber(value));
    return n === Infinity ? Infinity : isFinite(n) && n > 0 ? n : 0;
  };
  const tooLong = (what, n) => new RangeError(`${what}: the string would be ${n} characters; the limit is ${MAX_CHARS}`);
  const tooMany = (what, n) => new RangeError(`${what}: ${n} elements; the limit is ${MAX_ELEMENTS}`);
  function guard(object, name, check) {
    const original = object[name];
    const wrapped = { [name](...args) { check(this, args); return apply(original, this, args); } }[name];
    defineProperty(wrapped, "length", { value: original.length });
    defineProperty(object, name, { value: wrapped, writable: true, configurable: true, enumerable: false });
  }
  guard(String.prototype, "repeat", (self, [count]) => {
    const n = toStr(self).length * length(count);
    if (n > MAX_CHARS) throw tooLong("repeat", n);
  });
  for (const name of ["padStart", "padEnd"]) {
    guard(String.prototype, name, (self, [max]) => {
      const n = length(max);
      if (n > MAX_CHARS) throw tooLong(name, n);
    });
  }
  guard(String.prototype, "concat", (self, args) => {
    let n = toStr(self).length;
    for (const part of args) n += toStr(part).length;
    if (n > MAX_CHARS) throw tooLong("concat", n);
  });
  guard(Array.prototype, "join", (self, [separator]) => {
    const count = length(self.length);
    if (count > MAX_ELEMENTS) throw tooMany("join", count);
    let n = (separator === undefined ? 1 : toStr(separator).length) * (count > 0 ? count - 1 : 0);
    for (let i = 0; i < count && n <= MAX_CHARS; i++) {
      const item = self[i];
      if (item !== undefined && item !== null) n += typeof item === "string" ? item.length : toStr(item).length;
    }
    if (n > MAX_CHARS) throw tooLong("join", n);
  });
  guard(Array.prototype, "fill", (self) => {
    const count = length(self.length);
    if (count > MAX_ELEMENTS) throw tooMany("fill", count);
  });
  guard(Array, "from", (self, [items]) => {
    if (items !== null && typeof items === "object" && !(iteratorSymbol in items)) {
      const count = length(items.length);
      if (count > MAX_ELEMENTS) throw tooMany("Array.from", count);
    }
  });
  {
    const OriginalArray = Array;
    const checkSize = (args) => {
      if (args.length === 1 && typeof args[0] === "number" && args[0] > MAX_ELEMENTS) throw tooMany("Array", args[0]);
    };
    const GuardedArray = new Proxy(OriginalArray, {
      apply(target, self, args) { checkSize(args); return apply(target, self, args); },
      construct(target, args, newTarget) { checkSize(args); return construct(target, args, newTarget); },
    });
    defineProperty(OriginalArray.prototype, "constructor", { value: GuardedArray, writable: true, configurable: true, enumerable: false });
    defineProperty(globalThis, "Array", { value: GuardedArray, writable: true, configurable: true, enumerable: false });
  }

  // ---- Code compiled at run time (eval, Function constructors) gets the same nesting check as
  // the script: the parser recurses once per bracket level.
  function checkNesting(text) {
    let depth = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 40 || c === 91 || c === 123) {
        if (++depth > limits.maxNesting) throw new SyntaxError(`brackets nested more than ${limits.maxNesting} levels deep`);
      } else if ((c === 41 || c === 93 || c === 125) && depth > 0) {
        depth--;
      }
    }
  }
  {
    const originalEval = globalThis.eval;
    // A replaced eval is always an indirect eval: it sees globals, not the caller's locals.
    defineProperty(globalThis, "eval", {
      value: { eval(source) {
        if (typeof source === "string") checkNesting(source);
        return originalEval(source);
      } }.eval,
      writable: true, configurable: true, enumerable: false,
    });
    const checkArgs = (args) => { for (const arg of args) checkNesting(toStr(arg)); };
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
      defineProperty(Original.prototype, "constructor", { value: Guarded, writable: true, configurable: true, enumerable: false });
      if (Original === Function) defineProperty(globalThis, "Function", { value: Guarded, writable: true, configurable: true, enumerable: false });
    }
  }

  // ---- Regular expressions: the engine backtracks without a step limit, so patterns with a
  // quantified group that itself contains a quantifier (`(a+)+`), the classic catastrophic shape,
  // are refused when used.
  const regexVerdicts = Object.create(null);
  function nestedQuantifier(source) {
    const groups = [{ quantified: false }];
    let i = 0;
    const quantifierAt = (j) => {
      const c = source[j];
      if (c === "*" || c === "+") return true;
      if (c !== "{") return false;
      const close = source.indexOf("}", j);
      if (close < 0) return false;
      const body = source.slice(j + 1, close).split(",");
      return body.length === 2 && (body[1] === "" || toNumber(body[1]) > 1) || toNumber(body[0]) > 1;
    };
    while (i < source.length) {
      const c = source[i];
      if (c === "\\") { i += 2; continue; }
      if (c === "[") {
        i++;
        while (i < source.length && source[i] !== "]") i += source[i] === "\\" ? 2 : 1;
        i++;
        continue;
      }
      if (c === "(") { groups.push({ quantified: false }); i++; continue; }
      if (c === ")") {
        const inner = groups.length > 1 ? groups.pop() : { quantified: false };
        if (quantifierAt(i + 1)) {
          if (inner.quantified) return true;
          groups[groups.length - 1].quantified = true;
        } else if (inner.quantified) {
          groups[groups.length - 1].quantified = true;
        }
        i++;
        continue;
      }
      if (quantifierAt(i)) groups[groups.length - 1].quantified = true;
      i++;
    }
    return false;
  }
  guard(RegExp.prototype, "exec", (self) => {
    const source = toStr(self.source);
    let nested = regexVerdicts[source];
    if (nested === undefined) nested = regexVerdicts[source] = nestedQuantifier(source);
    if (nested) {
      throw new SyntaxError(`the regular expression /${source}/ has a nested quantifier (like (a+)+), which can backtrack for ever; rewrite it without one`);
    }
  });

  // sfc32 seeded per execution: Math.random is identical on every replay of a run.
  let a = seedHigh >>> 0, b = seedLow >>> 0, c = (seedHigh ^ 0x9e3779b9) >>> 0, d = 1;
  function next() {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b | 0) + d | 0;
    d = d + 1 | 0;
    a = b ^ b >>> 9;
    b = c + (c << 3) | 0;
    c = c << 21 | c >>> 11;
    c = c + t | 0;
    return (t >>> 0) / 4294967296;
  }
  for (let i = 0; i < 15; i++) next();
  Object.defineProperty(Math, "random", {
    value: function random() { return next(); },
    writable: true, configurable: true, enumerable: false,
  });

  function show(value) {
    if (typeof value === "string") return value;
    if (value === undefined) return "undefined";
    if (typeof value === "function") return `[Function ${value.name || "anonymous"}]`;
    if (typeof value === "bigint") return `${value}n`;
    if (typeof value === "symbol") return value.toString();
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    try {
      const json = stringify(value);
      return json === undefined ? String(value) : json;
    } catch (_) {
      return String(value);
    }
  }

  function describeError(error) {
    if (error instanceof Error) {
      let stack = "";
      try { stack = String(error.stack || ""); } catch (_) { /* a hostile getter */ }
      return { name: String(error.name), message: String(error.message), stack };
    }
    return { name: "Error", message: `uncaught ${show(error)}`, stack: "" };
  }

  function usage() {
    let total = 0;
    for (const [key, json] of values) total += key.length + json.length;
    return total;
  }

  function store(key, value) {
    if (typeof key !== "string" || key.length === 0 || key.length > limits.key) {
      throw new TypeError(`store: the key must be a string of 1 to ${limits.key} characters`);
    }
    if (value === undefined) {
      values.delete(key);
      writes.set(key, null);
      return;
    }
    let json;
    try {
      json = stringify(value);
    } catch (error) {
      throw new TypeError(`store: the value of "${key}" is not JSON: ${error.message}`);
    }
    if (json === undefined) throw new TypeError(`store: the value of "${key}" is not JSON`);
    if (json.length > limits.value) {
      throw new RangeError(`store: the value of "${key}" is ${json.length} characters of JSON; the limit is ${limits.value}`);
    }
    const before = values.get(key);
    values.set(key, json);
    const total = usage();
    if (total > limits.total) {
      if (before === undefined) values.delete(key); else values.set(key, before);
      throw new RangeError(`store: all values would take ${total} characters of JSON; the limit is ${limits.total}`);
    }
    writes.set(key, json);
  }

  function load(key) {
    const json = values.get(String(key));
    return json === undefined ? undefined : parse(json);
  }

  /** Runs fn once; its value is journaled, and a replay returns the journaled value without running fn. */
  async function step(name, fn) {
    if (typeof fn !== "function") throw new TypeError("codemode.step(name, fn): fn must be a function");
    const seq = host.call("codemode", "step", stringify({ name: String(name) }));
    const settled = new Promise((resolve, reject) => pending.set(seq, { resolve, reject }));
    if (!host.recorded(seq)) {
      let ok = true, payload;
      try {
        const value = await fn();
        payload = value === undefined ? "null" : stringify(value);
        if (payload === undefined) throw new TypeError(`codemode.step("${name}"): the value is not JSON`);
      } catch (error) {
        ok = false;
        payload = error instanceof Error ? error.message : show(error);
      }
      host.stepDone(seq, ok, payload);
    }
    return settled;
  }

  function call(connector, method, args) {
    if (args === undefined) args = {};
    if (args === null || typeof args !== "object" || Array.isArray(args)) {
      return Promise.reject(new TypeError(`${connector}.${method} takes one argument object, got ${show(args)}`));
    }
    let json;
    try {
      json = stringify(args);
    } catch (error) {
      return Promise.reject(new TypeError(`${connector}.${method}: the argument is not JSON: ${error.message}`));
    }
    let seq;
    try {
      seq = host.call(connector, method, json);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => pending.set(seq, { resolve, reject }));
  }

  function connectorObject(connector, methods) {
    const target = Object.create(null);
    for (const method of methods) {
      target[method] = function (args) { return call(connector, method, args); };
    }
    freeze(target);
    return new Proxy(target, {
      get(object, key) {
        if (typeof key !== "string" || key in object || key === "then" || key === "toJSON") return object[key];
        return function () {
          return Promise.reject(new TypeError(
            `${connector}.${key} is not a method; ${connector} has: ${methods.join(", ")}`));
        };
      },
      set() { return false; },
      defineProperty() { return false; },
      deleteProperty() { return false; },
    });
  }

  const globals = {};
  for (const [connector, methods] of connectorTable) globals[connector] = connectorObject(connector, methods);

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
  globals.store = store;
  globals.load = load;
  globals.codemode = freeze({
    search: async (query) => parse(host.search(String(query))),
    describe: async (path) => parse(host.describe(String(path))),
    run: async (name, input) => {
      const snippet = host.snippet(String(name));
      return await snippet(input === undefined ? {} : input);
    },
    step,
  });
  for (const name of Object.keys(globals)) {
    Object.defineProperty(globalThis, name, {
      value: globals[name], writable: false, configurable: false, enumerable: false,
    });
  }

  return freeze({
    /** Starts the wrapped script function and records how it settles. */
    start(main) {
      let promise;
      try {
        promise = Promise.resolve(main());
      } catch (error) {
        promise = Promise.reject(error);
      }
      promise.then(
        (value) => {
          outcome.done = true;
          outcome.ok = true;
          if (value !== undefined) {
            try {
              outcome.value = stringify(value);
            } catch (_) {
              outcome.value = stringify(show(value));
            }
          }
        },
        (error) => {
          outcome.done = true;
          outcome.error = describeError(error);
        },
      );
    },
    /** Settles the promise of call `seq` with a journaled outcome. */
    deliver(seq, ok, payload) {
      const waiter = pending.get(seq);
      if (!waiter) return false;
      pending.delete(seq);
      if (ok) waiter.resolve(payload === undefined ? undefined : parse(payload));
      else waiter.reject(new Error(payload));
      return true;
    },
    /** JSON of how the script stands and its store() writes. */
    state() {
      return stringify({ outcome, writes: Object.fromEntries(writes) });
    },
  });
})
