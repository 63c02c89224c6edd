// A regular expression built from a list of field names, one named group each (a generated
// parser): every match makes its `groups` object.
const fields = Array.from({ length: 3000 }, (_, i) => 'f' + i);
const pattern = fields.map((name, i) => `(?<${name}>${i % 2 ? '\\d' : 'x'})?`).join('') + ';';
const re = new RegExp(pattern, 'g');
const text = 'x;1;x;;'.repeat(10);
let count = 0;
let defined = 0;
let last;
for (const m of text.matchAll(re)) {
  count++;
  defined += Object.values(m.groups).filter((v) => v !== undefined).length;
  last = m.groups;
}
const keys = Object.keys(last);
return { count, defined, keys: keys.length, first: keys.slice(0, 3), f0: re.exec('x;').groups.f0, f1: /(?<a>\d+)-(?<b>\d+)/.exec('12-34').groups };
