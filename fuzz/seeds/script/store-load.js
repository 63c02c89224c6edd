const before = load("seen");
store("k", {n: (before?.count ?? 0) + 1});
store("seen", undefined);
return [before, load("k"), load("seen")]