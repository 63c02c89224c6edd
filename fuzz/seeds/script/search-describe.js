text(codemode.search("note"));
return codemode.describe("notes.createNote")