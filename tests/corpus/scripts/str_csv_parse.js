const csv = `id,name,email,score
1,Alice,alice@example.com,92
2,"Smith, Bob",bob@example.com,85
3,Carol,carol@example.com,
4,"Dan ""The Man""",dan@example.com,77`;
function parseLine(line) {
  const out = [];
  let cur = "", quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { cur += '"'; i++; }
      else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") { out.push(cur); cur = ""; }
    else cur += ch;
  }
  out.push(cur);
  return out;
}
const [header, ...lines] = csv.split("\n");
const keys = header.split(",");
return lines.map(l => Object.fromEntries(parseLine(l).map((v, i) => [keys[i], v === "" ? null : isNaN(v) ? v : Number(v)])));
