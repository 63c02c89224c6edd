// Values as text for output and errors, and thrown values as the host reads them.

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
