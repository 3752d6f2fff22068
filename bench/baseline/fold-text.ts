// The library store before the SQLite index, kept only as the library benchmark's baseline.
// Folds text for matching: "Café" and "CAFE" both become "cafe". Compatibility
// decomposition (NFKD) splits accented letters into a base letter plus
// combining marks, which are then removed; lower-casing comes last because
// NFKD can produce capitals (e.g. the Roman numeral "Ⅻ" becomes "XII").

const NON_ASCII = /[\u0080-\uffff]/
const COMBINING_MARKS = /\p{M}+/gu

export function foldText(text: string): string {
  // Most prompts are plain ASCII, where normalisation can change nothing:
  // skipping it makes indexing 100,000 entries several times faster.
  if (!NON_ASCII.test(text)) return text.toLowerCase()
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase()
}

/** The distinct words of a query, folded, most selective (longest) first. */
export function queryWords(query: string): string[] {
  const words = [...new Set(foldText(query).split(/\s+/).filter((w) => w !== ''))]
  words.sort((a, b) => b.length - a.length)
  // A word inside another query word is implied by it ("cat" in "cats").
  return words.filter((w, i) => !words.some((other, j) => j < i && other.includes(w)))
}
