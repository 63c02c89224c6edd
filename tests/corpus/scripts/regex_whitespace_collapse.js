const messy = "  This   text\thas \n\n irregular    spacing .  ";
return {
  collapsed: messy.replace(/\s+/g, " ").trim(),
  fixedPunct: messy.replace(/\s+/g, " ").replace(/\s+([.,!?])/g, "$1").trim(),
  lines: messy.split(/\n+/).map(l => l.trim()).filter(Boolean),
  tokens: messy.trim().split(/\s+/),
};
