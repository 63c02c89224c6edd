const names = ["émile", "Zoë", "adam", "Ängel", "bob", "Ölaf", "zack"];
return {
  defaultSort: [...names].sort(),
  localeSort: [...names].sort((a, b) => a.localeCompare(b)),
  baseCompare: "a".localeCompare("A", undefined, { sensitivity: "base" }),
  numeric: ["file10", "file2", "file1"].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })),
};
