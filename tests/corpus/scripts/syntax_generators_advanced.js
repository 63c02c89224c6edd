function* idMaker() {
  let id = 0;
  while (true) {
    const reset = yield ++id;
    if (reset) id = 0;
  }
}
const gen = idMaker();
const seq = [gen.next().value, gen.next().value, gen.next(true).value, gen.next().value];
function* take(iter, n) { for (const x of iter) { if (n-- <= 0) return; yield x; } }
function* naturals() { let n = 1; while (true) yield n++; }
function* mapGen(iter, f) { for (const x of iter) yield f(x); }
return { seq, firstSquares: [...take(mapGen(naturals(), n => n * n), 5)], delegated: [...(function* () { yield* [1, 2]; yield* "ab"; })()] };
