const plural = (n, word, pluralWord = word + "s") => `${n} ${n === 1 ? word : pluralWord}`;
const summary = [
  plural(1, "file"),
  plural(0, "file"),
  plural(3, "directory", "directories"),
  plural(1, "child", "children"),
  plural(2, "child", "children"),
];
const listFormat = items => items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
return { summary, list: listFormat(["red", "green", "blue"]), two: listFormat(["yes", "no"]) };
