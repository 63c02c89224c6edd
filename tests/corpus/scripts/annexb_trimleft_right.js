const s = "   padded   ";
return { left: `[${s.trimLeft()}]`, right: `[${s.trimRight()}]`, same: String.prototype.trimLeft === String.prototype.trimStart };
