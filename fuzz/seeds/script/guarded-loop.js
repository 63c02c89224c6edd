let t = 0;
for (let i = 1; i <= 3; i++) t += await counter.guardedBump({by: i});
return t