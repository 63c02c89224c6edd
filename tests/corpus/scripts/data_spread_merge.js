const defaults = { theme: "light", pageSize: 20, features: { beta: false, export: true } };
const userPrefs = { pageSize: 50, features: { beta: true } };
const shallow = { ...defaults, ...userPrefs };
const deep = { ...defaults, ...userPrefs, features: { ...defaults.features, ...userPrefs.features } };
const list = [1, 2, 3];
const extended = [0, ...list, 4, ...[5, 6]];
return { shallow, deep, extended };
