// store() and load(): the run's small durable values.

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
