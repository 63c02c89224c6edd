const bad = new Date("not a date");
let isoError = null;
try { bad.toISOString(); } catch (e) { isoError = e.name; }
return { str: String(bad), time: bad.getTime(), json: JSON.stringify({ bad }), isoError };
