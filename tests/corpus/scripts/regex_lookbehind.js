const prices = "Total: $42.50, tax $3.40, shipping €5.00, discount -$10";
const dollars = prices.match(/(?<=\$)\d+(?:\.\d+)?/g);
const notDollar = prices.match(/(?<![$\d.])\d+\.\d{2}/g);
const words = "foobar foobaz barfoo".match(/\bfoo(?=baz)\w*/g);
const noNeg = "a1 b-2 c3 d-4".match(/(?<!-)\b\d/g);
return { dollars, notDollar, words, noNeg };
