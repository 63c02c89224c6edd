// The sandbox prelude. Evaluated once per VM, before the script, as a function expression that
// receives the native host object and returns the internals the Rust side drives. Everything it
// defines is reached by the script only through the globals installed here; the host object and
// the internals stay in this closure, so a script cannot forge a call, a delivery or an output.
(function (host, seedHigh, seedLow, connectorTable) {
  "use strict";
  const pending = new Map();
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
    if (error instanceof Error) return { name: error.name, message: String(error.message) };
    return { name: "Error", message: `uncaught ${show(error)}` };
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
  globals.codemode = freeze({
    search: async (query) => parse(host.search(String(query))),
    describe: async (path) => parse(host.describe(String(path))),
    run: async (name, input) => {
      const snippet = host.snippet(String(name));
      return await snippet(input === undefined ? {} : input);
    },
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
      return stringify({ outcome, texts, console: consoleLines });
    },
  });
})
