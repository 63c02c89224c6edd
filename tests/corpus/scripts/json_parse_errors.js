const inputs = ['{"a":1}', "{'a':1}", '{"a":1,}', "[1,2", "null", '"text"', "1e5", ""];
return inputs.map(s => {
  try {
    return { s, ok: true, value: JSON.parse(s) };
  } catch (e) {
    return { s, ok: false, error: e.name };
  }
});
