// Folds text for the search: "Café" and "CAFE" both become "cafe", "Ⅻ" becomes "xii".
// Compatibility decomposition (NFKD) splits accented letters into a base letter plus
// combining marks, which are then removed; lower-casing comes last because NFKD can
// produce capitals. The index's tokenizer folds case and accents too, but not
// compatibility forms, so both what is indexed and what is asked pass through here.

const NON_ASCII = /[\u0080-\uffff]/
const COMBINING_MARKS = /\p{M}+/gu
/** What separates words: anything but letters and digits (as the index's tokenizer sees it). */
const SEPARATORS = /[^\p{L}\p{N}\p{Co}]+/u

export function foldText(text: string): string {
  // Most prompts are plain ASCII, where normalisation can change nothing.
  if (!NON_ASCII.test(text)) return text.toLowerCase()
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase()
}

/** The distinct words of a query, folded, in the order typed. */
export function queryWords(query: string): string[] {
  return textWords(foldText(query))
}

/** The distinct words of text already folded (what the index keeps for finding words by their beginning). */
export function textWords(folded: string): string[] {
  return [...new Set(folded.split(SEPARATORS).filter((w) => w !== ''))]
}

/** A last word shorter than this is taken whole: "a" or "an" would begin most of the words of a million prompts. */
const PREFIX_MIN = 3

/**
 * The words of the library that begin with a prefix, or null when they are too many to
 * list (or the index cannot list them): the search then asks the index for the prefix.
 */
export type Completions = (prefix: string) => readonly string[] | null

const quoted = (w: string): string => `"${w}"`

/**
 * The full-text query for a search box's words: every word must be a word of the text,
 * in any order, and the last one, still being typed, may begin one ("fox drag" finds
 * "dragon with a fox") once it has three letters. Whole words are looked up directly,
 * which keeps a search of a million prompts fast. The last word's beginning is turned
 * into the words it begins, as `completions` lists them ("drag" into "drag" OR "dragon"):
 * the index reads those lists lazily, newest first, and stops after a page, where asking
 * it for the prefix itself merges every list of every such word before the first match
 * (a hundred milliseconds and more for a common word at a million entries). Words are
 * quoted, so no character of the query is read as the index's query syntax. Null for no
 * words.
 */
export function matchExpression(query: string, completions?: Completions): string | null {
  const words = queryWords(query)
  if (!words.length) return null
  const last = words.length - 1
  const term = (w: string, i: number): string => {
    if (i !== last || [...w].length < PREFIX_MIN) return quoted(w)
    const known = completions?.(w)
    if (!known) return `${quoted(w)}*`
    // No word of the library begins so: the word itself matches nothing, as its prefix would.
    return known.length ? `(${known.map(quoted).join(' OR ')})` : quoted(w)
  }
  return words.map(term).join(' AND ')
}
