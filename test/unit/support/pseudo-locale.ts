// A pseudo-locale (en-XA style), made from the English catalogs when the tests run: every
// letter accented, every word about 40 % longer, every message between ⟦ and ⟧. A view drawn
// in it shows at a glance (and to a test, by its text) any word that did not come from a
// catalog, and whether the layout holds text longer than English. Arguments, plurals,
// selects and rich-text tags are kept as they are, so the messages work as the English do.
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'

// Tagged Russian, so the numbers and dates Intl writes in it are Cyrillic: a Latin letter on
// screen is then a word that came from no catalog (see test/unit/renderer/i18n/untranslated.ts).
export const PSEUDO_LANGUAGE = 'ru-XA'
export const PSEUDO_OPEN = '⟦'
export const PSEUDO_CLOSE = '⟧'

const ACCENTED: Record<string, string> = {
  a: 'å', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž'
}

/** A word accented and 40 % longer: its letters doubled at evenly spaced places. */
function stretch(word: string): string {
  const letters = [...word]
  const extra = Math.ceil(letters.length * 0.4)
  const every = letters.length / extra
  let out = ''
  letters.forEach((ch, i) => {
    const accented = ACCENTED[ch] ?? ch
    out += accented
    if (Math.floor((i + 1) / every) > Math.floor(i / every)) out += accented
  })
  return out
}

/** Literal text, with tags (`<strong>`, `<token/>`) left for the component they name. */
function pseudoText(text: string): string {
  return text
    .split(/(<\/?[a-zA-Z][\w-]*\s*\/?>)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[A-Za-z]+/g, stretch)))
    .join('')
}

function literalRanges(elements: MessageFormatElement[], out: { start: number; end: number }[] = []) {
  for (const el of elements) {
    if (el.type === 0 && el.location) out.push({ start: el.location.start.offset, end: el.location.end.offset })
    if ('options' in el) for (const option of Object.values(el.options)) literalRanges(option.value, out)
  }
  return out
}

/** One ICU message in the pseudo-locale. */
export function pseudoLocalize(message: string): string {
  const ranges = literalRanges(parse(message, { ignoreTag: true, captureLocation: true })).sort((a, b) => b.start - a.start)
  let out = message
  for (const { start, end } of ranges) out = out.slice(0, start) + pseudoText(out.slice(start, end)) + out.slice(end)
  return PSEUDO_OPEN + out + PSEUDO_CLOSE
}

export type Catalog = { [key: string]: string | Catalog }

/** A whole catalog (one namespace) in the pseudo-locale. */
export function pseudoCatalog(catalog: Catalog): Catalog {
  return Object.fromEntries(Object.entries(catalog).map(([key, value]) => [key, typeof value === 'string' ? pseudoLocalize(value) : pseudoCatalog(value)]))
}
