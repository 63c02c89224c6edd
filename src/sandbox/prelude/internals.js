// What the host drives: the internals (start, deliver, state) and `configure`, the prelude's
// value, which takes the run's settings.

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
    if (connector === "codemode") {
      addMethods(codemodeApi, connector, methods, first);
    } else {
      defineProperty(globalThis, connector, { value: connectorObject(connector, methods, first), writable: false, configurable: false, enumerable: false });
    }
    first += methods.length;
  }
  freeze(codemodeApi);
  STEP = first;
  return internals;
};
