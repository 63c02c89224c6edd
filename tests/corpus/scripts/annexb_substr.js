const s = "hello world";
return { a: s.substr(1, 2), b: s.substr(-5), c: s.substr(6), d: "2024-03-15".substr(0, 4) };
