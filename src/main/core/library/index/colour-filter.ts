// The colour filter of the gallery's query, in SQL. An entry shows the colour asked for when
// a colour of its pictures' dominant palettes that covers 5 % or more lies within 0.1 of it
// in OKLab: the rule of shared/media/colour-match's paletteMatches. Such colours are kept
// by OKLab cube (picture-schema, filled with colourCube), each cube's rows in key order.
// Every colour within 0.1 of the one asked for lies in a cube that the ball of radius 0.1
// around it reaches: its own or some of the 26 around it (cubesNear), at most 27, usually
// 16 to 20. Each such cube is one range of the index, read in the gallery's order and
// measured exactly; SQLite merges the ranges in key order (see merged-keys), so a page of
// the newest matches reads about as many rows as it shows. Other filters join as one more
// stream in key order, merged the same way; favourites are a table of their own
// (favourite-colours), since few favourites of a colour would have the merge read every
// colour of its cubes.
import type { SQLInputValue } from 'node:sqlite'
import type { LibraryQuery } from '../../../../shared/app/library-query'
import { COLOUR_MATCH_DISTANCE, cubesNear, oklabOf, type Oklab } from '../../../../shared/media/colour-match'
import { mergedWith, NO_KEYS, type Arms, type KeyStream } from './merged-keys'

const NEAR = '(l - ?) * (l - ?) + (a - ?) * (a - ?) + (b - ?) * (b - ?) <= ?'

/** The cubes of cubesNear that hold a point within COLOUR_MATCH_DISTANCE of `lab`. */
export function cubesReached(hex: string, lab: Oklab): string[] {
  const d = COLOUR_MATCH_DISTANCE
  // Per axis, how far the point is from cube `i`'s span [i·d, (i+1)·d] (0 inside it).
  const gap = (v: number, i: number) => Math.max(i * d - v, 0, v - (i + 1) * d)
  return cubesNear(hex).filter((cube) => {
    const [l, a, b] = cube.split(':').map(Number) as [number, number, number]
    return Math.hypot(gap(lab.l, l), gap(lab.a, a), gap(lab.b, b)) <= d
  })
}

/** Where the colours are read: every entry's, or the favourites' alone (favourite-colours). */
type ColourTable = 'picture_colours' | 'favourite_colours'

/** The keys of entries showing `hex`, as one SELECT per cube (a compound without its ORDER BY); none for what is not a colour. */
function colourArms(hex: string, table: ColourTable = 'picture_colours'): Arms {
  const colour = hex.toLowerCase()
  const lab = oklabOf(colour)
  const cubes = lab ? cubesReached(colour, lab) : []
  if (!lab || cubes.length === 0) return NO_KEYS
  const near = [lab.l, lab.l, lab.a, lab.a, lab.b, lab.b, COLOUR_MATCH_DISTANCE ** 2]
  return {
    sql: cubes.map(() => `SELECT seq FROM ${table} WHERE cube = ? AND ${NEAR}`).join(' UNION '),
    params: cubes.flatMap((cube) => [cube, ...near])
  }
}

/** The colour as a WHERE clause on the entries' alias `t` (for "dearest first", which sorts every match anyway). */
export function colourClause(t: string, hex: string): [string, ...SQLInputValue[]] {
  const arms = colourArms(hex)
  return [`${t}.seq IN (${arms.sql})`, ...arms.params]
}

/**
 * The page and count of `q` with its colour: the colour's cubes merged in the gallery's
 * order with the other filters (`rest`; see merged-keys). With `table` the favourites'
 * colours, `rest` leaves out the favourites filter: the cubes hold favourites alone.
 */
export function withColour(q: LibraryQuery, rest: KeyStream, available: boolean, table: ColourTable = 'picture_colours') {
  return mergedWith(available ? colourArms(q.colour ?? '', table) : NO_KEYS, rest, q.sort)
}
