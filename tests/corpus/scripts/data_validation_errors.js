const rows = [
  { id: 1, email: "ok@example.com", age: 30 },
  { id: 2, email: "not-an-email", age: 25 },
  { id: 3, email: "x@example.com", age: -4 },
  { id: 4, email: "", age: "40" },
];
const problems = [];
for (const row of rows) {
  const errs = [];
  if (!row.email) errs.push("email missing");
  else if (!row.email.includes("@")) errs.push("email invalid");
  if (typeof row.age !== "number") errs.push("age not a number");
  else if (row.age < 0) errs.push("age negative");
  if (errs.length) problems.push({ id: row.id, errs });
}
return { valid: rows.length - problems.length, problems };
