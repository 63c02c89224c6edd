let out;
try {
  try {
    JSON.parse("{bad json");
  } catch (inner) {
    throw new Error("failed to parse response", { cause: inner });
  }
} catch (e) {
  out = { message: e.message, causeName: e.cause?.name, hasCause: "cause" in e };
}
return out;
