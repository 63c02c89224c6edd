class Inventory {
  #items = new Map();
  add(name, qty = 1) {
    this.#items.set(name, (this.#items.get(name) ?? 0) + qty);
    return this;
  }
  remove(name, qty = 1) {
    const left = (this.#items.get(name) ?? 0) - qty;
    if (left < 0) throw new Error(`not enough ${name}`);
    left === 0 ? this.#items.delete(name) : this.#items.set(name, left);
    return this;
  }
  get count() { return [...this.#items.values()].reduce((a, b) => a + b, 0); }
  toJSON() { return Object.fromEntries(this.#items); }
}
const inv = new Inventory().add("bolt", 10).add("nut", 5).remove("bolt", 3).add("washer");
let error = null;
try { inv.remove("gear"); } catch (e) { error = e.message; }
return { inv, count: inv.count, error };
