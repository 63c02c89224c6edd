// queueMicrotask and the durable timers.

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
