// The colour filter of the gallery's query, in SQL: an entry shows the colour asked for when
// a colour of its pictures' dominant palettes that covers 5 % or more lies within 0.1 of it
// in OKLab, the rule of shared/media/colour-match's paletteMatches. Such colours are kept by
// OKLab cube (picture-schema, filled with colourCube), and every colour within 0.1 of the
// one asked for lies in its cube or one of the 26 around it (cubesNear): the filter reads
// those 27 ranges of the index and measures each colour there exactly, so what it finds is
// what paletteMatches finds, read from an index rather than from every entry.
import type { SQLInputValue } from 'node:sqlite'
import { COLOUR_MATCH_DISTANCE, cubesNear, oklabOf } from '../../../../shared/media/colour-match'

/** The WHERE clause (on the entries' alias `t`) and its parameters; a colour that is not `#rrggbb` matches nothing. */
export function colourFilter(t: string, hex: string, available = true): [string, ...SQLInputValue[]] {
  const lab = oklabOf(hex)
  const cubes = cubesNear(hex.toLowerCase())
  if (!lab || !available) return ['0']
  const near = '(l - ?) * (l - ?) + (a - ?) * (a - ?) + (b - ?) * (b - ?) <= ?'
  const clause = `${t}.seq IN (SELECT seq FROM picture_colours WHERE cube IN (${cubes.map(() => '?').join(', ')}) AND ${near})`
  return [clause, ...cubes, lab.l, lab.l, lab.a, lab.a, lab.b, lab.b, COLOUR_MATCH_DISTANCE ** 2]
}
