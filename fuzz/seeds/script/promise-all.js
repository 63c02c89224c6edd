const [a, b, c] = await Promise.all([counter.bump({by: 2}), counter.echo({x: [1, 'two', {three: 3}]}), notes.listNotes()]);
return {a, b, c}