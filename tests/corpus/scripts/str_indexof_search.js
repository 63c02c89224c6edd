const haystack = "the cat sat on the mat with the hat";
const positions = [];
let i = -1;
while ((i = haystack.indexOf("the", i + 1)) !== -1) positions.push(i);
return {
  positions,
  lastIndex: haystack.lastIndexOf("at"),
  search: haystack.search(/m.t/),
  count: haystack.split("at").length - 1,
  between: haystack.substring(haystack.indexOf("on"), haystack.indexOf("with")).trim(),
};
