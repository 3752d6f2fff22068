// "Filter by a colour": whether a picture's dominant palette holds a colour close to the
// one asked for, judged in OKLab (Björn Ottosson, 2020), a space made so that equal
// distances look like equal differences. A distance of 0.02 is about the smallest
// difference people notice side by side (CSS Color 4 takes it so). For scale: pure blue
// and #1e3cff are 0.06 apart, pure red and #e00000 0.06, grey #808080 and #909090 0.05;
// blue and violet #8000ff are 0.18 apart, red and orange #ff8000 0.16, blue and teal 0.31.
//
// A palette colour matches when it is within COLOUR_MATCH_DISTANCE of the colour asked for
// and covers at least COLOUR_MATCH_MIN_SHARE of the picture, so a speck does not count.

/** OKLab distance within which a palette colour is "that colour". */
export const COLOUR_MATCH_DISTANCE = 0.1
/** The least share of the picture a matching colour must cover (5 %). */
export const COLOUR_MATCH_MIN_SHARE = 0.05

/** One colour of a dominant palette: sRGB as `#rrggbb`, and the share of the picture it covers (0–1). */
export interface PaletteColour {
  hex: string
  share: number
}

export interface Oklab {
  l: number
  a: number
  b: number
}

const HEX = /^#([0-9a-f]{6})$/i

function linear(channel: number): number {
  const c = channel / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

/** The OKLab coordinates of an sRGB colour `#rrggbb`, or null for anything else. */
export function oklabOf(hex: string): Oklab | null {
  const m = HEX.exec(hex)
  if (!m) return null
  const n = parseInt(m[1]!, 16)
  const r = linear((n >> 16) & 255)
  const g = linear((n >> 8) & 255)
  const b = linear(n & 255)
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
  const m2 = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
  return {
    l: 0.2104542553 * l + 0.793617785 * m2 - 0.0040720468 * s,
    a: 1.9779984951 * l - 2.428592205 * m2 + 0.4505937099 * s,
    b: 0.0259040371 * l + 0.7827717662 * m2 - 0.808675766 * s
  }
}

/** The OKLab (Euclidean) distance between two colours `#rrggbb`; Infinity when either is not one. */
export function colourDistance(x: string, y: string): number {
  const p = oklabOf(x)
  const q = oklabOf(y)
  if (!p || !q) return Infinity
  return Math.hypot(p.l - q.l, p.a - q.a, p.b - q.b)
}

/** Whether a picture with this palette shows the colour `hex` (see the rule above). */
export function paletteMatches(palette: readonly PaletteColour[], hex: string, maxDistance = COLOUR_MATCH_DISTANCE): boolean {
  return palette.some((c) => c.share >= COLOUR_MATCH_MIN_SHARE && colourDistance(c.hex, hex) <= maxDistance)
}

/**
 * OKLab cut into cubes with sides of COLOUR_MATCH_DISTANCE, named "l:a:b". An index can
 * keep each palette colour's cube; the colours within the distance of one asked for lie in
 * its cube or the 26 around it (`cubesNear`), and only those need the exact test.
 */
export function colourCube(hex: string): string | null {
  const p = oklabOf(hex)
  if (!p) return null
  const step = (v: number) => Math.floor(v / COLOUR_MATCH_DISTANCE)
  return `${step(p.l)}:${step(p.a)}:${step(p.b)}`
}

/** The cube of `hex` and the 26 around it (see colourCube). */
export function cubesNear(hex: string): string[] {
  const centre = colourCube(hex)
  if (!centre) return []
  const [l, a, b] = centre.split(':').map(Number) as [number, number, number]
  const cubes: string[] = []
  for (const dl of [-1, 0, 1]) for (const da of [-1, 0, 1]) for (const db of [-1, 0, 1]) cubes.push(`${l + dl}:${a + da}:${b + db}`)
  return cubes
}
