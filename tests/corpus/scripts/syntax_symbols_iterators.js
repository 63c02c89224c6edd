class Range {
  constructor(from, to) { this.from = from; this.to = to; }
  *[Symbol.iterator]() { for (let i = this.from; i <= this.to; i++) yield i; }
}
const r = new Range(3, 7);
const tag = Symbol("tag");
const obj = { [tag]: "hidden", visible: 1 };
return { spread: [...r], sum: Array.from(r).reduce((a, b) => a + b), keys: Object.keys(obj), symbols: Object.getOwnPropertySymbols(obj).length, desc: tag.description };
