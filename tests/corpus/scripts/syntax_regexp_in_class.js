class Tokenizer {
  static RULES = [["number", /^\d+(?:\.\d+)?/], ["ident", /^[A-Za-z_]\w*/], ["op", /^[-+*\/()=]/], ["space", /^\s+/]];
  tokenize(src) {
    const tokens = [];
    while (src.length) {
      const rule = Tokenizer.RULES.find(([, re]) => re.test(src));
      if (!rule) throw new SyntaxError(`unexpected ${src[0]}`);
      const [type, re] = rule;
      const text = src.match(re)[0];
      if (type !== "space") tokens.push(`${type}:${text}`);
      src = src.slice(text.length);
    }
    return tokens;
  }
}
return new Tokenizer().tokenize("total = price * 1.2 + (tax - 3)");
