const winPath = String.raw`C:\Users\dev\new_folder`;
const json = JSON.stringify({ path: winPath, tab: "a\tb", quote: 'say "hi"', nl: "x\ny" });
return {
  winPath,
  json,
  lines: "one\ntwo\r\nthree".split(/\r?\n/),
  unicodeEscape: "\u00e9\u{1F600}".length,
};
