// The sandbox prelude. Evaluated once per VM, before the script, as a function expression that
// receives the native host object and returns the internals the Rust side drives. Everything it
// defines is reached by the script only through the globals installed here; the host object and
// the internals stay in this closure, so a script cannot forge a call, a delivery or an output.
(function (host, seedHigh, seedLow, connectorTable, valuesJson, limits) {
  "use strict";
  const pending = new Map();
  // store()/load(): the values as JSON text, snapshotted when the run was created; writes are
  // kept apart and applied by the host only if the run completes.
  const values = new Map();
  for (const [key, value] of Object.entries(JSON.parse(valuesJson))) values.set(key, JSON.stringify(value));
  const writes = new Map();
  const texts = [];
  const consoleLines = [];
  const outcome = { done: false, ok: false, value: undefined, error: undefined };
  const freeze = Object.freeze;
  const stringify = JSON.stringify;
  const parse = JSON.parse;

  // Engine-level globals that leak host timing or are not deterministic.
  for (const name of ["WeakRef", "FinalizationRegistry", "SharedArrayBuffer", "Atomics", "Temporal"]) {
    delete globalThis[name];
  }

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

  const log = (prefix) => function (...args) {
    consoleLines.push(prefix + args.map(show).join(" "));
  };
  globals.console = freeze({
    log: log(""), info: log(""), debug: log(""), warn: log("[warn] "), error: log("[error] "),
  });
  globals.text = function text(value) { texts.push(show(value)); };
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
    /** JSON of how the script stands and what it printed. */
    state() {
      return stringify({ outcome, texts, console: consoleLines, writes: Object.fromEntries(writes) });
    },
  });
})
