// The prompt wildcards as they were before the depth limit, kept only as the wildcards
// benchmark's baseline: a recursive parser, run on every keystroke of Create's prompt.
export type WildcardLists = Record<string, string[]>

export type Expansion = { ok: true; prompts: string[] } | { ok: false; message: string }

type Node = { text: string } | { choice: Node[][] } | { list: string }

const ESCAPABLE = new Set(['{', '}', '|', '\\'])
const LIST_REF = /^__([A-Za-z0-9][A-Za-z0-9_-]*?)__/

class WildcardError extends Error {}

/** Parses from `at` until the closing brace of this group (or the end at the top level). */
function parse(src: string, at: number, depth: number): { alternatives: Node[][]; end: number } {
  const alternatives: Node[][] = [[]]
  let text = ''
  const flush = () => {
    if (text) alternatives[alternatives.length - 1]!.push({ text })
    text = ''
  }
  let i = at
  while (i < src.length) {
    const ch = src[i]!
    if (ch === '\\' && ESCAPABLE.has(src[i + 1] ?? '')) {
      text += src[i + 1]
      i += 2
    } else if (ch === '{') {
      flush()
      const inner = parse(src, i + 1, depth + 1)
      const nodes: Node[] = inner.alternatives.length > 1 ? [{ choice: inner.alternatives }] : [{ text: '{' }, ...inner.alternatives[0]!, { text: '}' }]
      alternatives[alternatives.length - 1]!.push(...nodes)
      i = inner.end + 1
    } else if (ch === '}') {
      if (depth === 0) throw new WildcardError(`Prompt: the '}' at character ${i + 1} closes nothing; write \\} for a brace`)
      flush()
      return { alternatives, end: i }
    } else if (ch === '|' && depth > 0) {
      flush()
      alternatives.push([])
      i++
    } else {
      const ref = LIST_REF.exec(src.slice(i))
      if (ref) {
        flush()
        alternatives[alternatives.length - 1]!.push({ list: ref[1]! })
        i += ref[0].length
      } else {
        text += ch
        i++
      }
    }
  }
  if (depth > 0) throw new WildcardError(`Prompt: the '{' at character ${at} is never closed; write \\{ for a brace`)
  flush()
  return { alternatives, end: i }
}

function listOf(name: string, lists: WildcardLists): string[] {
  const lines = lists[name]
  if (!lines) throw new WildcardError(`Prompt: there is no saved list named __${name}__`)
  if (lines.length === 0) throw new WildcardError(`Prompt: the list __${name}__ is empty`)
  return lines
}

function count(seq: Node[], lists: WildcardLists): number {
  return seq.reduce((n, node) => {
    if ('text' in node) return n
    if ('list' in node) return n * listOf(node.list, lists).length
    return n * node.choice.reduce((sum, alt) => sum + count(alt, lists), 0)
  }, 1)
}

function expandSeq(seq: Node[], lists: WildcardLists): string[] {
  let out = ['']
  for (const node of seq) {
    const options = 'text' in node ? [node.text] : 'list' in node ? listOf(node.list, lists) : node.choice.flatMap((alt) => expandSeq(alt, lists))
    out = out.flatMap((head) => options.map((o) => head + o))
  }
  return out
}

/** True when the prompt has anything that expands (a choice or a saved list). */
export function hasWildcards(prompt: string): boolean {
  try {
    const { alternatives } = parse(prompt, 0, 0)
    const seq = alternatives[0] ?? []
    const expands = (nodes: Node[]): boolean => nodes.some((n) => !('text' in n))
    return expands(seq)
  } catch {
    // A stray brace in a prompt that also means to expand is reported by expandPrompt;
    // a brace alone is just text.
    return /\||__/.test(prompt)
  }
}

/** Every prompt the wildcards make, at most `limit` of them. */
export function expandPrompt(prompt: string, lists: WildcardLists, limit: number): Expansion {
  try {
    const seq = parse(prompt, 0, 0).alternatives[0] ?? []
    const n = count(seq, lists)
    if (n > limit) return { ok: false, message: `Prompt: its wildcards make ${n} prompts, more than ${limit} at once` }
    return { ok: true, prompts: [...new Set(expandSeq(seq, lists))] }
  } catch (err) {
    if (err instanceof WildcardError) return { ok: false, message: err.message }
    throw err
  }
}
