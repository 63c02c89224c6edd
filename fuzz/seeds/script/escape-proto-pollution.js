Object.prototype.connector = 'notes'; Object.prototype.then = function (r) { r(1) };
Array.prototype.push = () => 0; JSON.stringify = () => '{}';
return await counter.echo({x: 1})