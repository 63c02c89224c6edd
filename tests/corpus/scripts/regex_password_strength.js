const rules = [
  [/.{12,}/, "length"],
  [/[a-z]/, "lower"],
  [/[A-Z]/, "upper"],
  [/\d/, "digit"],
  [/[^A-Za-z0-9]/, "symbol"],
];
const check = pw => {
  const failed = rules.filter(([re]) => !re.test(pw)).map(([, name]) => name);
  return { pw: pw.replace(/./g, "*").slice(0, 4) + "…", score: rules.length - failed.length, failed };
};
return ["hunter2", "CorrectHorseBattery9!", "ALLUPPER123456"].map(check);
