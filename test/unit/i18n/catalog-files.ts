// The catalogs as they are on disk, flattened to `namespace:path.to.key` → message, and
// what each ICU message holds: its arguments, its rich-text tags, its words.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'

export const LOCALES_DIR = join(__dirname, '..', '..', '..', 'src', 'shared', 'i18n', 'locales')

type Tree = { [key: string]: unknown }

function flatten(tree: Tree, prefix: string, out: Map<string, unknown>): Map<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value as Tree, `${prefix}${key}.`, out)
    else out.set(`${prefix}${key}`, value)
  }
  return out
}

/** Every folder under locales/, and the namespace files in each. */
export function localeFolders(): Map<string, string[]> {
  const dirs = readdirSync(LOCALES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory())
  return new Map(dirs.map((d) => [d.name, readdirSync(join(LOCALES_DIR, d.name)).sort()]))
}

/** One language's messages by `namespace:key` (a value that is not text is kept, for the test to name). */
export function messages(language: string): Map<string, unknown> {
  const out = new Map<string, unknown>()
  for (const file of readdirSync(join(LOCALES_DIR, language))) {
    if (!file.endsWith('.json')) continue
    const tree = JSON.parse(readFileSync(join(LOCALES_DIR, language, file), 'utf8')) as Tree
    flatten(tree, `${file.slice(0, -'.json'.length)}:`, out)
  }
  return out
}

export function parseMessage(message: string): MessageFormatElement[] {
  return parse(message, { ignoreTag: true })
}

/** The message parsed, or null when ICU cannot read it (the catalogs' test names those). */
export function tryParse(message: unknown): MessageFormatElement[] | null {
  try {
    return typeof message === 'string' ? parseMessage(message) : null
  } catch {
    return null
  }
}

/** Each argument with its kind (`count:plural`, `name:text`), sorted: what a translation must keep. */
export function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): string[] {
  const KIND: Record<number, string> = { 1: 'text', 2: 'number', 3: 'date', 4: 'time', 5: 'select', 6: 'plural' }
  for (const el of elements) {
    if ('value' in el && KIND[el.type] && typeof el.value === 'string') {
      // A plural read as a number (a language without plural forms) is the same argument.
      out.add(`${el.value}:${el.type === 6 || el.type === 2 ? 'number' : KIND[el.type]}`)
    }
    if ('options' in el) for (const option of Object.values(el.options)) argumentsOf(option.value, out)
  }
  return [...out].sort()
}

/** The rich-text tags a component fills: `<x/>`, or `<x>` closed by `</x>`. */
export function tagsOf(message: string): string[] {
  const selfClosing = [...message.matchAll(/<([a-zA-Z][\w-]*)\s*\/>/g)].map((m) => m[1]!)
  const closed = [...message.matchAll(/<\/([a-zA-Z][\w-]*)>/g)].map((m) => m[1]!)
  return [...new Set([...selfClosing, ...closed])].sort()
}

/** The plurals and selects of a message, with the cases each has. */
export function choicesOf(elements: MessageFormatElement[], out: { kind: 'plural' | 'select'; name: string; cases: string[] }[] = []) {
  for (const el of elements) {
    if ('options' in el) {
      out.push({ kind: el.type === 5 ? 'select' : 'plural', name: el.value, cases: Object.keys(el.options) })
      for (const option of Object.values(el.options)) choicesOf(option.value, out)
    }
  }
  return out
}

/** The message's own words (every case of its plurals and selects), without its arguments. */
export function wordsOf(elements: MessageFormatElement[]): string {
  return elements
    .map((el) => (el.type === 0 ? el.value : 'options' in el ? Object.values(el.options).map((o) => wordsOf(o.value)).join(' ') : ' '))
    .join('')
}
