const isEmail = s => /^[\w.+-]+@([\w-]+\.)+[\w-]{2,}$/.test(s);
return ["alice@example.com", "bob@mail.co.uk", "nobody@localhost", "x@y.z"].map(s => [s, isEmail(s)]);
