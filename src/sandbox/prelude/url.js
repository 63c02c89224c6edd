// URL and URLSearchParams.

// URLSearchParams: a list of name/value pairs; when it belongs to a URL, changes rewrite the
// URL's query. URL: the WHATWG parser of the `url` crate, through host.urlParse/urlSet.
let paramsReset, paramsOwner, urlSetSearch;
class URLSearchParams {
  #list = [];
  #url = null;
  static {
    paramsReset = (params, query) => { params.#list = host.formParse(query); };
    paramsOwner = (params, url) => { params.#url = url; };
  }
  constructor(init = "") {
    if (init !== null && typeof init === "object") {
      if (typeof init[iteratorSymbol] === "function") {
        for (const pair of init) {
          const items = [...pair];
          if (items.length !== 2) throw new TypeErrorCtor("URLSearchParams: each pair must have exactly two items");
          this.#list.push([toStr(items[0]), toStr(items[1])]);
        }
      } else {
        for (const key of objectKeys(init)) this.#list.push([key, toStr(init[key])]);
      }
    } else {
      const query = toStr(init);
      this.#list = host.formParse(query.startsWith("?") ? query.slice(1) : query);
    }
  }
  #update() { if (this.#url !== null) urlSetSearch(this.#url, this.toString()); }
  get size() { return this.#list.length; }
  append(name, value) { this.#list.push([toStr(name), toStr(value)]); this.#update(); }
  delete(name, value) {
    const n = toStr(name), v = value === undefined ? undefined : toStr(value);
    this.#list = this.#list.filter(([k, x]) => k !== n || (v !== undefined && x !== v));
    this.#update();
  }
  get(name) { const n = toStr(name); return this.#list.find(([k]) => k === n)?.[1] ?? null; }
  getAll(name) { const n = toStr(name); return this.#list.filter(([k]) => k === n).map(([, v]) => v); }
  has(name, value) {
    const n = toStr(name), v = value === undefined ? undefined : toStr(value);
    return this.#list.some(([k, x]) => k === n && (v === undefined || x === v));
  }
  set(name, value) {
    const n = toStr(name), v = toStr(value);
    const first = this.#list.findIndex(([k]) => k === n);
    if (first === -1) this.#list.push([n, v]);
    else this.#list = this.#list.filter(([k], i) => k !== n || i === first).map((pair, i) => (i === first ? [n, v] : pair));
    this.#update();
  }
  sort() {
    // Stable, by UTF-16 code units.
    apply(sortPairs, this.#list, [([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)]);
    this.#update();
  }
  forEach(callback, thisArg) {
    for (const [k, v] of this.#list) apply(callback, thisArg, [v, k, this]);
  }
  keys() { return this.#list.map(([k]) => k)[iteratorSymbol](); }
  values() { return this.#list.map(([, v]) => v)[iteratorSymbol](); }
  entries() { return this.#list.map(([k, v]) => [k, v])[iteratorSymbol](); }
  [Symbol.iterator]() { return this.entries(); }
  toString() {
    const flat = [];
    for (const [k, v] of this.#list) flat.push(k, v);
    return host.formSerialize(flat);
  }
  get [Symbol.toStringTag]() { return "URLSearchParams"; }
}

class URL {
  #parts;
  #params;
  static {
    urlSetSearch = (url, query) => { url.#parts = host.urlSet(url.#parts.href, "search", query); };
  }
  constructor(url, base) {
    const parts = host.urlParse(toStr(url), base === undefined ? undefined : toStr(base));
    // The Workers runtime's words.
    if (parts === null) throw new TypeErrorCtor("Invalid URL string.");
    this.#parts = parts;
    this.#params = new URLSearchParams(parts.search);
    paramsOwner(this.#params, this);
  }
  static canParse(url, base) {
    return host.urlParse(toStr(url), base === undefined ? undefined : toStr(base)) !== null;
  }
  static parse(url, base) {
    try { return new URL(url, base); } catch (_) { return null; }
  }
  #set(name, value) {
    this.#parts = host.urlSet(this.#parts.href, name, toStr(value));
    if (name === "href" || name === "search") paramsReset(this.#params, this.#parts.search.slice(1));
  }
  get href() { return this.#parts.href; }
  set href(value) { this.#set("href", value); }
  get origin() { return this.#parts.origin; }
  get protocol() { return this.#parts.protocol; }
  set protocol(value) { this.#set("protocol", value); }
  get username() { return this.#parts.username; }
  set username(value) { this.#set("username", value); }
  get password() { return this.#parts.password; }
  set password(value) { this.#set("password", value); }
  get host() { return this.#parts.host; }
  set host(value) { this.#set("host", value); }
  get hostname() { return this.#parts.hostname; }
  set hostname(value) { this.#set("hostname", value); }
  get port() { return this.#parts.port; }
  set port(value) { this.#set("port", value); }
  get pathname() { return this.#parts.pathname; }
  set pathname(value) { this.#set("pathname", value); }
  get search() { return this.#parts.search; }
  set search(value) { this.#set("search", value); }
  get hash() { return this.#parts.hash; }
  set hash(value) { this.#set("hash", value); }
  get searchParams() { return this.#params; }
  toString() { return this.#parts.href; }
  toJSON() { return this.#parts.href; }
  get [Symbol.toStringTag]() { return "URL"; }
}
web.URL = URL;
web.URLSearchParams = URLSearchParams;
