// Lines for a terminal in any language: wrapped where the language allows a break (between
// words, or between the characters of Chinese and Japanese), counting a wide character as
// the two columns a terminal gives it.

const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6]/u

/** Columns a terminal gives `text`. */
export function columns(text: string): number {
  let n = 0
  for (const ch of text) n += WIDE.test(ch) ? 2 : 1
  return n
}

// Where a line may break: at spaces, and between two Chinese or Japanese characters (which
// are written without spaces) or after their punctuation, never before the punctuation that
// closes them or a small kana.
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}'
const CLOSING = '、。，．：；！？）」』】〕〉》ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ'
const UNITS = new RegExp(`\\s+|[${CJK}][${CLOSING}]*|[^\\s${CJK}${CLOSING}]+[${CLOSING}]*|[${CLOSING}]+`, 'gu')

/** `text` in lines of at most `width` columns (a longer word keeps its own line), each after `indent`. */
export function wrapText(text: string, width: number, indent = ''): string[] {
  const lines: string[] = []
  let line = ''
  for (const unit of text.match(UNITS) ?? []) {
    // A line never starts with the space it broke at.
    if (line === '' && unit.trim() === '') continue
    if (line !== '' && unit.trim() !== '' && columns(indent + line + unit) > width && line.trim() !== '') {
      lines.push(indent + line.trimEnd())
      line = unit
    } else line += unit
  }
  if (line.trim() !== '') lines.push(indent + line.trimEnd())
  return lines
}

/**
 * A two-column entry of a help text: `label` at `indent`, `text` wrapped beside it from
 * column `column` (under it, when the label is too long to leave room).
 */
export function helpEntry(label: string, text: string, column: number, width = 80, indent = '  '): string[] {
  const pad = ' '.repeat(column)
  const head = indent + label
  const body = wrapText(text, width, pad)
  if (columns(head) + 1 > column || body.length === 0) return [head, ...body]
  return [head.padEnd(column) + body[0]!.trimStart(), ...body.slice(1)]
}
