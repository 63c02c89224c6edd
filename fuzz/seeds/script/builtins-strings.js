const lone = JSON.parse('"\\ud800"');
const out = [lone.length, JSON.stringify(lone), lone.isWellFormed(), lone.toWellFormed(), encodeURIComponent("\u00e9")];
try { encodeURIComponent(lone); } catch (e) { out.push(e.name); }
out.push("\u017f".split(/s/i), /\w/i.test("\u212a"), "ß".toUpperCase(), "İ".toLowerCase().length, "a".localeCompare("B"));
out.push("x".padStart(5, ""), "ab".repeat(3), "a-b-c".replaceAll("-", "$&$&"), "%E0%A4%A".length);
out.push(String(new Date(0)), new Date(0).toTimeString(), Date.parse("2024-13-01"), new Date(8.64e15 + 1).getTime());
return out;
