const text = '{"id": 9007199254740993, "price": 19.999999999999998, "exp": 1.5e300, "tiny": 5e-324, "neg": -0}';
const v = JSON.parse(text);
return { id: v.id, idString: String(v.id), price: v.price, exp: v.exp, tiny: v.tiny, neg: v.neg, back: JSON.stringify(v) };
