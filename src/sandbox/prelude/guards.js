// Guards on what native built-ins do outside the instruction budget: JSON nesting, the size of
// strings and arrays built in one call, the nesting of code compiled at run time; and the
// engine-level globals a deterministic run must not have.

// ---- JSON: stringify and parse refuse values and texts nested deeper than
// limits.maxJsonDepth (a RangeError; the host sets the engine's RuntimeLimits::json_depth_limit).
const stringify = rawStringify;

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
