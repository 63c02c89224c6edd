const n = await notes.createNote({text: "hello"});
return n.id