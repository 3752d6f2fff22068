// A 5x7 pixel font drawn as SVG paths. Text in demo outputs must render the same on
// every machine and must not depend on installed fonts (a bare CI box may have none,
// and font lookup is slow the first time), so glyphs are plain rectangles.
// Lower case is shown as upper case; accents are dropped; anything else becomes a box.

const GLYPH_ROWS: Record<string, string> = {
  ' ': '..... ..... ..... ..... ..... ..... .....',
  A: '.###. #...# #...# ##### #...# #...# #...#',
  B: '####. #...# #...# ####. #...# #...# ####.',
  C: '.###. #...# #.... #.... #.... #...# .###.',
  D: '####. #...# #...# #...# #...# #...# ####.',
  E: '##### #.... #.... ####. #.... #.... #####',
  F: '##### #.... #.... ####. #.... #.... #....',
  G: '.###. #...# #.... #.### #...# #...# .####',
  H: '#...# #...# #...# ##### #...# #...# #...#',
  I: '.###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.',
  J: '..### ...#. ...#. ...#. ...#. #..#. .##..',
  K: '#...# #..#. #.#.. ##... #.#.. #..#. #...#',
  L: '#.... #.... #.... #.... #.... #.... #####',
  M: '#...# ##.## #.#.# #.#.# #...# #...# #...#',
  N: '#...# #...# ##..# #.#.# #..## #...# #...#',
  O: '.###. #...# #...# #...# #...# #...# .###.',
  P: '####. #...# #...# ####. #.... #.... #....',
  Q: '.###. #...# #...# #...# #.#.# #..#. .##.#',
  R: '####. #...# #...# ####. #.#.. #..#. #...#',
  S: '.#### #.... #.... .###. ....# ....# ####.',
  T: '##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..',
  U: '#...# #...# #...# #...# #...# #...# .###.',
  V: '#...# #...# #...# #...# #...# .#.#. ..#..',
  W: '#...# #...# #...# #.#.# #.#.# #.#.# .#.#.',
  X: '#...# #...# .#.#. ..#.. .#.#. #...# #...#',
  Y: '#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..',
  Z: '##### ....# ...#. ..#.. .#... #.... #####',
  0: '.###. #...# #..## #.#.# ##..# #...# .###.',
  1: '..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.',
  2: '.###. #...# ....# ...#. ..#.. .#... #####',
  3: '####. ....# ....# .###. ....# ....# ####.',
  4: '...#. ..##. .#.#. #..#. ##### ...#. ...#.',
  5: '##### #.... ####. ....# ....# #...# .###.',
  6: '..##. .#... #.... ####. #...# #...# .###.',
  7: '##### ....# ...#. ..#.. .#... .#... .#...',
  8: '.###. #...# #...# .###. #...# #...# .###.',
  9: '.###. #...# #...# .#### ....# ...#. .##..',
  '.': '..... ..... ..... ..... ..... .##.. .##..',
  ',': '..... ..... ..... ..... .##.. ..#.. .#...',
  ':': '..... .##.. .##.. ..... .##.. .##.. .....',
  ';': '..... .##.. .##.. ..... .##.. ..#.. .#...',
  '!': '..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..',
  '?': '.###. #...# ....# ...#. ..#.. ..... ..#..',
  '-': '..... ..... ..... .###. ..... ..... .....',
  '\'': '..#.. ..#.. .#... ..... ..... ..... .....',
  '"': '.#.#. .#.#. ..... ..... ..... ..... .....',
  '(': '...#. ..#.. .#... .#... .#... ..#.. ...#.',
  ')': '.#... ..#.. ...#. ...#. ...#. ..#.. .#...',
  '[': '.###. .#... .#... .#... .#... .#... .###.',
  ']': '.###. ...#. ...#. ...#. ...#. ...#. .###.',
  '/': '....# ....# ...#. ..#.. .#... #.... #....',
  '#': '.#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.',
  '&': '.##.. #..#. #.#.. .#... #.#.# #..#. .##.#',
  '+': '..... ..#.. ..#.. ##### ..#.. ..#.. .....',
  '=': '..... ..... ##### ..... ##### ..... .....',
  '_': '..... ..... ..... ..... ..... ..... #####',
  '*': '..... ..#.. #.#.# .###. #.#.# ..#.. .....',
  '%': '##..# ##..# ...#. ..#.. .#... #..## #..##',
  '@': '.###. #...# #.### #.#.# #.### #.... .###.',
  '$': '..#.. .#### #.#.. .###. ..#.# ####. ..#..',
  '<': '...#. ..#.. .#... #.... .#... ..#.. ...#.',
  '>': '.#... ..#.. ...#. ....# ...#. ..#.. .#...',
  '\u00b7': '..... ..... ..... .##.. .##.. ..... .....',
  '\ufffd': '##### #...# #...# #...# #...# #...# #####'
}

export const GLYPH_HEIGHT = 7
/** Horizontal advance and line height, in font pixels (one pixel of spacing each way). */
export const ADVANCE = 6
export const LINE_HEIGHT = 9

/** Runs of lit pixels per row: [row, firstColumn, length]. */
const GLYPH_RUNS = new Map<string, [number, number, number][]>()
for (const [ch, rows] of Object.entries(GLYPH_ROWS)) {
  const runs: [number, number, number][] = []
  rows.split(' ').forEach((row, y) => {
    for (const match of row.matchAll(/#+/g)) runs.push([y, match.index, match[0].length])
  })
  GLYPH_RUNS.set(ch, runs)
}

/** Maps text onto the glyphs the font has. */
export function toFontText(text: string): string {
  let out = ''
  for (const ch of text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase()) {
    if (GLYPH_RUNS.has(ch)) out += ch
    else if (/\s/.test(ch)) out += ' '
    else out += '\ufffd'
  }
  return out
}

/** SVG path data drawing `text` with its top-left corner at (x, y). */
export function textPath(text: string, x: number, y: number, scale: number): string {
  let d = ''
  let cx = x
  for (const ch of toFontText(text)) {
    for (const [row, col, len] of GLYPH_RUNS.get(ch) ?? []) {
      d += `M${cx + col * scale} ${y + row * scale}h${len * scale}v${scale}h${-len * scale}z`
    }
    cx += ADVANCE * scale
  }
  return d
}

/** Cuts text to at most `max` characters, marking the cut with "...". */
export function truncate(text: string, max: number): string {
  const chars = [...text.trim().replace(/\s+/g, ' ')]
  return chars.length <= max ? chars.join('') : `${chars.slice(0, Math.max(0, max - 3)).join('')}...`
}
