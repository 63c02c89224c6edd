const n = 1234567.891;
return {
  plain: n.toLocaleString(),
  enUS: n.toLocaleString("en-US"),
  int: (9876543).toLocaleString(),
  small: (0.5).toLocaleString(),
};
