// The sandbox's own globals: console, text, image, store/load, codemode and its aliases.

// ---- Globals.
const globals = createObject(null);

// Output goes straight to the host (which caps it), so it survives a script that is stopped.
// Once the host says the cap is reached, nothing more is formatted: a loop of logs past it
// costs only its calls.
const TEXT = 0, CONSOLE = 1;
let outputFull = false;
const output = (kind, text) => { if (!host.output(kind, text)) outputFull = true; };
const log = (prefix) => function (...args) {
  if (outputFull) return;
  let line = prefix;
  for (let i = 0; i < args.length; i++) line += (i > 0 ? " " : "") + show(args[i]);
  output(CONSOLE, line);
};
globals.console = freeze({
  log: log(""), info: log(""), debug: log(""), warn: log("[warn] "), error: log("[error] "),
});
globals.text = function text(value) { if (!outputFull) output(TEXT, show(value)); };
// image(): bytes (checked and sized natively), base64 text, or a reference a model call
// returned; the runtime keeps the bytes apart from the run's record.
globals.image = function image(data, options) {
  const mimeType = options === undefined || options === null ? undefined : options.mimeType;
  if (mimeType !== undefined && typeof mimeType !== "string") throw new TypeError("image(): options.mimeType must be a string");
  if (typeof data === "string") return void host.imageBase64(data, mimeType);
  if (data instanceof ArrayBufferCtor) return void host.imageBytes(data, 0, data.byteLength, mimeType);
  if (isView(data)) return void host.imageBytes(data.buffer, data.byteOffset, data.byteLength, mimeType);
  if (data !== null && typeof data === "object" && data.type === "image" && typeof data.id === "string") {
    return void host.imageRef(data.id);
  }
  throw new TypeError("image(): data must be a Uint8Array, an ArrayBuffer, base64 text or an image reference from models.generateImages()");
};
globals.store = store;
globals.load = load;
const search = async (query, options) => {
  const found = rawParse(host.search(toStr(query)));
  const limit = options !== null && typeof options === "object" ? length(options.limit) : 0;
  if (limit > 0 && found.results.length > limit) {
    found.results.length = limit;
    found.truncated = true;
  }
  return found;
};
const describe = async (path) => rawParse(host.describe(toStr(path)));
// `codemode` is completed by configure: a connector named `codemode` adds its methods here (the
// reference's executors put a tool provider's methods under `codemode.*`); then it is frozen.
const codemodeApi = globals.codemode = createObject(objectPrototype);
codemodeApi.search = search;
codemodeApi.describe = describe;
codemodeApi.run = async (name, input) => {
  const snippet = host.snippet(toStr(name));
  return await snippet(input === undefined ? {} : input);
};
codemodeApi.step = step;
// Aliases for scripts written to the searchTools/describeTool style.
globals.searchTools = search;
globals.describeTool = describe;
globals.describeNamespace = describe;
for (const name of objectKeys(globals)) {
  defineProperty(globalThis, name, { value: globals[name], writable: false, configurable: false, enumerable: false });
}
