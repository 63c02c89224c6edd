const params = new URLSearchParams("?q=hello+world&page=3&filter=a&filter=b&empty=");
params.delete("page");
params.set("sort", "date");
params.sort();
const fromObject = new URLSearchParams({ name: "Ann Lee", city: "São Paulo", amp: "a&b=c" });
return {
  q: params.get("q"),
  filters: params.getAll("filter"),
  has: [params.has("empty"), params.has("page")],
  str: params.toString(),
  entries: [...params.entries()],
  fromObject: fromObject.toString(),
  size: [...fromObject.keys()].length,
};
