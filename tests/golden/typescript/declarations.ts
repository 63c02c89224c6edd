// empty object
type T = Record<string, unknown>;
// required and optional
type T = { /** the note's text */ text: string; pinned?: boolean };
// enum and const
type T = { colour?: "red" | "green"; kind?: "fixed" };
// arrays
type T = number[];
// array of unions
type T = Array<string | null>;
// nested
type T = { owner?: { id: number; tags?: string[] } };
// type list
type T = string | number;
// odd keys
type T = { "content-type"?: string };
// free-form object
type T = Record<string, unknown>;
// no schema
type T = unknown;
// method
  /** Create a new note with the given text. Requires approval. */
  createNote(args: { /** the note's text */ text: string; pinned?: boolean }): Promise<{ id: number }>;
