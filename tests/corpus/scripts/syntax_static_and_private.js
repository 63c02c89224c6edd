class IdGenerator {
  static #next = 1;
  static prefix = "ID";
  #id;
  constructor() { this.#id = IdGenerator.#next++; }
  get id() { return `${IdGenerator.prefix}-${String(this.#id).padStart(4, "0")}`; }
  static reset() { IdGenerator.#next = 1; }
  #secret() { return "s"; }
  hasSecret() { return #id in this && this.#secret() === "s"; }
}
const ids = [new IdGenerator(), new IdGenerator(), new IdGenerator()].map(g => g.id);
IdGenerator.reset();
return { ids, afterReset: new IdGenerator().id, secret: new IdGenerator().hasSecret() };
