Promise.prototype.then = function () { return 42 }; Promise.resolve = null;
return await notes.listNotes()