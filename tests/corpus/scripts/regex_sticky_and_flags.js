const re = /\d+/y;
re.lastIndex = 3;
const sticky = re.exec("abc123def");
const dotAll = /start.end/s.test("start\nend");
const unicode = /^.$/u.test("💡");
const noUnicode = /^.$/.test("💡");
const multi = "a\nb\nc".match(/^\w$/gm);
const ci = /hello/i.flags + "|" + new RegExp("x", "gimsuy").flags;
return { sticky: sticky?.[0], dotAll, unicode, noUnicode, multi, ci };
