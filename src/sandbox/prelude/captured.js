// The prelude's first part: the run's limits (set by `configure`) and the built-ins it captures
// before any script runs, so that later code never looks one up at call time.

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
