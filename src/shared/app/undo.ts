// How long a delete from the library can be taken back. The engine keeps the files in
// its trash at least this long; the page offers Undo for as long.
export const LIBRARY_UNDO_WINDOW_MS = 30_000
