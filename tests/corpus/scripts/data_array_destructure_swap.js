let [first, second, ...rest] = ["north", "east", "south", "west"];
[first, second] = [second, first];
const [, , third = "none", , fifth = "none"] = rest;
const { length, 0: head } = rest;
return { first, second, rest, third, fifth, length, head };
