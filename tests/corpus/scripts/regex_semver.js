const semver = /^(?<major>0|[1-9]\d*)\.(?<minor>0|[1-9]\d*)\.(?<patch>0|[1-9]\d*)(?:-(?<pre>[0-9A-Za-z.-]+))?(?:\+(?<build>[0-9A-Za-z.-]+))?$/;
const versions = ["1.2.3", "10.0.0-beta.1", "2.0.0+build.5", "1.02.3", "3.1.4-rc.2+sha.abc", "1.2"];
const parsed = versions.map(v => {
  const m = v.match(semver);
  return m ? { v, ...Object.fromEntries(Object.entries(m.groups).filter(([, x]) => x !== undefined)) } : { v, invalid: true };
});
const cmp = (a, b) => {
  const pa = a.split(".").map(Number), pb = b.split(".").map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
};
return { parsed, sorted: ["1.10.0", "1.2.10", "1.2.9", "0.9.12"].sort(cmp) };
