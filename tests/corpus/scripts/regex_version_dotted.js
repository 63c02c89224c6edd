const isDotted = s => /^(\d+\.)+\d+$/.test(s);
return ["1.2.3", "10.4", "1..2", "v1.0"].map(v => ({ v, ok: isDotted(v) }));
