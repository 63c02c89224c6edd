const raw = "a b&c=ü/€";
const escaped = escape(raw);
return { escaped, back: unescape(escaped), legacy: unescape("%u20AC%20%41") };
