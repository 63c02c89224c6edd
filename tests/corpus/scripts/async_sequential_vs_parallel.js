const log = [];
const job = async (name) => {
  log.push(`start ${name}`);
  await Promise.resolve();
  log.push(`end ${name}`);
  return name.toUpperCase();
};
const seq = [];
for (const n of ["a", "b"]) seq.push(await job(n));
const par = await Promise.all(["c", "d"].map(job));
return { seq, par, log };
