// Whole-program findings of the program fuzzer (issue 24), expected values from Node.
const out = {};
// A let/const/class of one switch case is in its dead zone when another case reads or writes it.
const seen = [];
for (let i = 0; i < 3; i++) {
  switch (i) {
    case 0:
      let a = "a" + i;
      const c = "c" + i;
      seen.push(a, c);
      break;
    case 1:
      try { seen.push(a); } catch (e) { seen.push(e.name); }
      try { a = 5; } catch (e) { seen.push(e.name); }
      try { c = 5; } catch (e) { seen.push(e.name); }
      try { [c] = [5]; } catch (e) { seen.push(e.name); }
      break;
    default:
      try { seen.push(typeof K); } catch (e) { seen.push(e.name); }
      class K {}
      seen.push(typeof K);
  }
}
out.switchDeadZone = seen;
// A const of one case read from another after a jump past its declaration (the compiler kept the
// value of a non-local const in a register and read that).
const jumped = [];
switch (0) {
  case 1:
    const o = { get p() { return 1; } };
  default:
    try { jumped.push(o.p); } catch (e) { jumped.push(e.name); }
    try { jumped.push([...o]); } catch (e) { jumped.push(e.name); }
}
out.constAfterJump = jumped;
// A closure made in one case sees the binding another case initialised later.
function cases(k) {
  const fns = [];
  switch (k) {
    case 0:
      fns.push(() => v);
    case 1:
      let v = k * 10;
      fns.push(() => v);
  }
  return fns.map((f) => { try { return f(); } catch (e) { return e.name; } });
}
out.switchClosures = [cases(0), cases(1)];
// Assigning to a constant: ReferenceError in its dead zone, TypeError after.
const constants = [];
function writeLater() { try { late = 1; } catch (e) { constants.push(e.name); } }
writeLater();
const late = 0;
writeLater();
try { for (late of [1]); } catch (e) { constants.push(e.name); }
out.constants = constants;
// A var redeclaring a parameter starts with the parameter's value, also when the parameter list
// has expressions (a separate environment for the body).
function plain(a, b) { var a; return a; }
function withDefault(a, b = 2) { var a; return [a, b]; }
function captured(a, get = () => a) { var a; const before = a; a = 5; return [before, a, get()]; }
function defaulted(a = "d") { var a; return a; }
function shadowFn(a, b = 1) { var a; function a() {} return typeof a; }
out.paramVars = [plain(1), withDefault(1), captured(1), defaulted(), defaulted("x"), shadowFn(1)];
return out;
