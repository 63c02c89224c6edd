// Assignments and updates: what they evaluate to and in which order (issue 24).
const out = {};
// `??=`, `||=`, `&&=` on vars that a closure captures, inside another assignment.
var a = 1, b = 7;
function f() { return [a, b]; }
a += (b ??= 5);
var c = "old", d = 1;
function h() { return [c, d]; }
c = d ||= 5;
var e = 0, g = 3;
function k() { return [e, g]; }
e -= (g &&= 0) || 2;
out.logical = [a, b, c, d, e, g, f().length + h().length + k().length].join();
// Postfix ++/-- give the old value converted to a number.
let u, n = null, t = true, o = { valueOf() { return 2; } }, s = "5", big = 10n;
out.postfix = [u++, n--, t++, o++, s--, String(big++)].join();
out.after = [u, n, t, o, s, String(big)].join();
// Prefix on the same values.
let u2, n2 = null, t2 = false, o2 = { valueOf() { return 2; } };
out.prefix = [++u2, --n2, ++t2, --o2].join();
// Operands are evaluated left to right, the left one read before the right one runs.
let x = -0;
out.negZero = Object.is(x * (x++, -1), 0);
let y = 2;
out.order = [y * (y++, 3), y + (y = 10), y - (y -= 4), (y = 1) + y, y < (y = 5), y === (y += 0)].join();
let z = 3;
if (z < (z = 10)) out.branch = "taken " + z; else out.branch = "not taken " + z;
// A conversion that throws leaves the variable as it was.
let bad = { valueOf() { throw new Error("no"); } };
try { bad++; } catch (err) {}
try { ++bad; } catch (err) {}
try { bad--; } catch (err) {}
out.unchanged = typeof bad;
// Compound assignment to a property and to a var through a closure.
const obj = { p: 1 };
obj.p += (obj.p = 5);
var w = 1;
function ww() { return w; }
w += (w = 10);
out.compound = [obj.p, w, ww()].join();
return out;
