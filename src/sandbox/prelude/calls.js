// Tool calls and codemode.step: the connector globals' methods, journaled by the host.

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

/** Adds the connector's methods to `target`: method `i` is the host's table entry `first + i`. */
function addMethods(target, connector, methods, first) {
  for (let i = 0; i < methods.length; i++) {
    const method = methods[i], index = first + i;
    target[method] = function (args) { return call(connector, method, index, args); };
  }
}

function connectorObject(connector, methods, first) {
  const target = createObject(null);
  addMethods(target, connector, methods, first);
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
