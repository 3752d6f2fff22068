// A style's fragment in a prompt: added at the end after a comma, found again wherever it
// sits, and taken out with its comma, so applying and removing leave the rest as it was.
const SEP = ', '

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The fragment as a whole comma-separated part, wherever it is. */
const partOf = (fragment: string) => new RegExp(`(^|,)\\s*${escape(fragment.trim())}\\s*(?=,|$)`)

export function hasStyle(text: string, fragment: string): boolean {
  return fragment.trim() !== '' && partOf(fragment).test(text)
}

export function withStyle(text: string, fragment: string): string {
  const f = fragment.trim()
  if (!f || hasStyle(text, f)) return text
  const base = text.replace(/[\s,]+$/, '')
  return base ? `${base}${SEP}${f}` : f
}

export function withoutStyle(text: string, fragment: string): string {
  if (!hasStyle(text, fragment)) return text
  return text
    .replace(partOf(fragment), '$1')
    .replace(/^\s*,\s*/, '')
    .replace(/,\s*,/g, ',')
    .replace(/[\s,]+$/, '')
}
