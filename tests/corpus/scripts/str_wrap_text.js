const text = "Durable execution means every tool call is journaled before the script sees its result, so a crash or a pause never repeats a side effect.";
function wrap(s, width) {
  const lines = [];
  let line = "";
  for (const word of s.split(" ")) {
    if ((line + " " + word).trim().length > width) {
      lines.push(line);
      line = word;
    } else line = (line + " " + word).trim();
  }
  if (line) lines.push(line);
  return lines;
}
return wrap(text, 32);
