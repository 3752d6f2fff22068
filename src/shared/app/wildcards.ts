// Prompt wildcards: one prompt written as several, each sent as its own matrix cell.
//
// Rules (shown to the user in the wildcard lists dialog):
// - `{a|b|c}` is one of a, b or c. Choices nest: `{red|{dark|light} blue}` gives "red",
//   "dark blue" and "light blue". An empty choice is allowed: `{old |}man`.
// - Braces without a `|` inside are kept as written, so `{style}` stays `{style}`.
// - `__name__` is one line of the saved list called "name" (letters, digits, `-` and `_`);
//   a list's lines are used as written (they are not expanded again, so lists cannot loop).
// - `\{`, `\}`, `\|` and `\\` write the character itself; any other backslash is kept.
// - Several wildcards combine: `{a|b} __colours__` with 3 colours is 6 prompts. The same
//   prompt twice is kept once.
// - A `{` never closed or a `}` never opened is an error naming its position; so is a list
//   that does not exist or is empty.
// - Braces nest at most MAX_WILDCARD_DEPTH deep, and a prompt makes at most `limit` prompts
//   (the confirmation's cap); past either, the error names the limit.
//
// The prompt is read once, left to right, with a stack of the braces still open, and the
// read stops at the first brace too deep: a prompt of any depth costs one pass over it and
// cannot overflow the call stack (a prompt restored from a draft or a file is input like any
// other). The tree it makes is at most MAX_WILDCARD_DEPTH deep, so counting and expanding it
// may recurse. Counting needs no prompt made; expanding makes at most `limit` of them.

export type WildcardLists = Record<string, string[]>

export type Expansion = { ok: true; prompts: string[] } | { ok: false; message: string }

/** What the wildcards of a prompt make, known without making the prompts. */
export type WildcardCheck = { kind: 'plain' } | { kind: 'wild'; count: number } | { kind: 'error'; message: string }

/** Braces open at once, at most: far past any prompt written by hand. */
export const MAX_WILDCARD_DEPTH = 16

/** Counting stops here: the number is only shown, and any count this large is refused. */
const COUNT_CAP = 1_000_000_000

const MESSAGES = {
  closesNothing: (at: number) => `Prompt: the '}' at character ${at} closes nothing; write \\} for a brace`,
  neverClosed: (at: number) => `Prompt: the '{' at character ${at} is never closed; write \\{ for a brace`,
  tooDeep: (at: number) => `Prompt: wildcards nest at most ${MAX_WILDCARD_DEPTH} braces deep, and the '{' at character ${at} is one deeper; write \\{ for a brace`,
  noList: (name: string) => `Prompt: there is no saved list named __${name}__`,
  emptyList: (name: string) => `Prompt: the list __${name}__ is empty`,
  tooMany: (count: number, limit: number) => `Prompt: its wildcards make ${count} prompts, more than ${limit} at once`,
  countless: (limit: number) => `Prompt: its wildcards make a billion prompts or more, more than ${limit} at once`
}

type Node = { text: string } | { choice: Node[][] } | { list: string }

const ESCAPABLE = new Set(['{', '}', '|', '\\'])
const LIST_REF = /__([A-Za-z0-9][A-Za-z0-9_-]*?)__/y

class WildcardError extends Error {
  /** A brace too deep is refused even in a prompt that does not mean to expand. */
  constructor(message: string, readonly always = false) {
    super(message)
  }
}

/** Adds a node to a sequence, joining text to the text before it (fewer nodes to expand). */
function append(seq: Node[], node: Node): void {
  const last = seq[seq.length - 1]
  if (last && 'text' in last && 'text' in node) seq[seq.length - 1] = { text: last.text + node.text }
  else seq.push(node)
}

interface OpenBrace {
  alternatives: Node[][]
  /** 1-based, as the message says it. */
  at: number
}

/** A closed brace: a choice when it has a `|`, else its text kept with the braces. */
function close(brace: OpenBrace, into: Node[]): void {
  if (brace.alternatives.length > 1) return void into.push({ choice: brace.alternatives })
  append(into, { text: '{' })
  for (const node of brace.alternatives[0]!) append(into, node)
  append(into, { text: '}' })
}

/** The saved list `__name__` named at `i`, and where its name ends. */
function listRefAt(src: string, i: number): { name: string; end: number } | null {
  LIST_REF.lastIndex = i
  const m = LIST_REF.exec(src)
  return m ? { name: m[1]!, end: LIST_REF.lastIndex } : null
}

function parse(src: string): Node[] {
  const open: OpenBrace[] = [{ alternatives: [[]], at: 0 }]
  const seq = () => {
    const alternatives = open[open.length - 1]!.alternatives
    return alternatives[alternatives.length - 1]!
  }
  let text = ''
  const flush = () => {
    if (text) append(seq(), { text })
    text = ''
  }
  let i = 0
  let ref: { name: string; end: number } | null
  while (i < src.length) {
    const ch = src[i]!
    const nested = open.length > 1
    if (ch === '\\' && ESCAPABLE.has(src[i + 1] ?? '')) {
      text += src[i + 1]
      i += 2
      continue
    }
    if (ch === '{') {
      if (open.length > MAX_WILDCARD_DEPTH) throw new WildcardError(MESSAGES.tooDeep(i + 1), true)
      flush()
      open.push({ alternatives: [[]], at: i + 1 })
    } else if (ch === '}') {
      if (!nested) throw new WildcardError(MESSAGES.closesNothing(i + 1))
      flush()
      close(open.pop()!, seq())
    } else if (ch === '|' && nested) {
      flush()
      open[open.length - 1]!.alternatives.push([])
    } else if (ch === '_' && (ref = listRefAt(src, i))) {
      flush()
      append(seq(), { list: ref.name })
      i = ref.end
      continue
    } else {
      text += ch
    }
    i++
  }
  if (open.length > 1) throw new WildcardError(MESSAGES.neverClosed(open[open.length - 1]!.at))
  flush()
  return seq()
}

function listOf(name: string, lists: WildcardLists): string[] {
  const lines = Object.hasOwn(lists, name) ? lists[name] : undefined
  if (!lines) throw new WildcardError(MESSAGES.noList(name))
  if (lines.length === 0) throw new WildcardError(MESSAGES.emptyList(name))
  return lines
}

/** How many prompts a sequence makes (before duplicates are dropped), at most COUNT_CAP. */
function count(seq: Node[], lists: WildcardLists): number {
  let n = 1
  for (const node of seq) {
    if ('text' in node) continue
    const options = 'list' in node ? listOf(node.list, lists).length : node.choice.reduce((sum, alt) => Math.min(COUNT_CAP, sum + count(alt, lists)), 0)
    n = Math.min(COUNT_CAP, n * options)
  }
  return n
}

function expandSeq(seq: Node[], lists: WildcardLists): string[] {
  let out = ['']
  for (const node of seq) {
    const options = 'text' in node ? [node.text] : 'list' in node ? listOf(node.list, lists) : node.choice.flatMap((alt) => expandSeq(alt, lists))
    out = out.flatMap((head) => options.map((o) => head + o))
  }
  return out
}

/** Parses and counts; throws a WildcardError for a prompt it refuses. */
function counted(prompt: string, lists: WildcardLists, limit: number): { seq: Node[]; count: number } {
  const seq = parse(prompt)
  const n = count(seq, lists)
  if (n >= COUNT_CAP) throw new WildcardError(MESSAGES.countless(limit))
  if (n > limit) throw new WildcardError(MESSAGES.tooMany(n, limit))
  return { seq, count: n }
}

/**
 * Whether the prompt expands and into how many prompts, or what is wrong with its
 * wildcards: one pass over the prompt, cheap enough to run on every keystroke.
 */
export function checkWildcards(prompt: string, lists: WildcardLists, limit: number): WildcardCheck {
  try {
    const { seq, count: n } = counted(prompt, lists, limit)
    return seq.some((node) => !('text' in node)) ? { kind: 'wild', count: n } : { kind: 'plain' }
  } catch (err) {
    if (!(err instanceof WildcardError)) throw err
    // A stray brace in a prompt that also means to expand is an error; a brace alone is
    // just text. A brace too deep is always named: no prompt is sent with it unchecked.
    if (err.always || /\||__/.test(prompt)) return { kind: 'error', message: err.message }
    return { kind: 'plain' }
  }
}

/** Every prompt the wildcards make, at most `limit` of them. */
export function expandPrompt(prompt: string, lists: WildcardLists, limit: number): Expansion {
  try {
    const { seq } = counted(prompt, lists, limit)
    return { ok: true, prompts: [...new Set(expandSeq(seq, lists))] }
  } catch (err) {
    if (err instanceof WildcardError) return { ok: false, message: err.message }
    throw err
  }
}
