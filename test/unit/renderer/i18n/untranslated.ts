// What a user would read on the page that did not come from a catalog. Drawn in the
// pseudo-locale, every catalog word is accented and between ⟦ and ⟧; numbers and dates
// come from Intl in the pseudo-locale's Cyrillic (ru-XA). So a Latin letter outside the
// brackets is a word that bypassed the catalogs: in text, or in what a screen reader or
// a tooltip says (aria-label, title, placeholder, alt). The user's own content (a prompt,
// a path, a model id, an email) is marked `translate="no"` where it is shown, as it is for
// the browsers' own translators; a scene may also allow a few fixture strings.
import { PSEUDO_CLOSE, PSEUDO_OPEN } from '../../support/pseudo-locale'

const READ_ALOUD = ['aria-label', 'aria-description', 'aria-valuetext', 'aria-roledescription', 'title', 'placeholder', 'alt']
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE'])

/** The Latin words of `text` outside ⟦…⟧, each with a little of what surrounds it. */
function looseWords(text: string): string[] {
  const found: string[] = []
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (ch === PSEUDO_OPEN) depth++
    else if (ch === PSEUDO_CLOSE) depth = Math.max(0, depth - 1)
    else if (depth === 0 && /[A-Za-z]/.test(ch)) {
      let end = i
      while (end < text.length && /[A-Za-z'’-]/.test(text[end]!)) end++
      found.push(`“${text.slice(i, end)}” in “${text.slice(Math.max(0, i - 30), end + 30).replace(/\s+/g, ' ').trim()}”`)
      i = end
    }
  }
  return found
}

function withoutAllowed(text: string, allow: readonly string[]): string {
  return allow.reduce((t, a) => t.split(a).join(' '.repeat(a.length)), text)
}

/** Every piece of untranslated text under `root`, named with where it was found. */
export function findUntranslated(root: Element, allow: readonly string[] = []): string[] {
  const problems: string[] = []
  let text = ''
  const visit = (node: Node) => {
    if (node.nodeType === 3) {
      text += node.textContent ?? ''
      return
    }
    if (!(node instanceof Element) || SKIPPED.has(node.tagName)) return
    // The user's own content, and what the product names the same in every language.
    if (node.getAttribute('translate') === 'no') {
      text += ' '
      return
    }
    for (const name of READ_ALOUD) {
      const value = node.getAttribute(name)
      if (value) for (const word of looseWords(withoutAllowed(value, allow))) problems.push(`${name} of <${node.tagName.toLowerCase()}>: ${word}`)
    }
    // Blocks apart, so words of neighbouring elements are not read as one.
    text += ' '
    node.childNodes.forEach(visit)
    text += ' '
  }
  visit(root)
  for (const word of looseWords(withoutAllowed(text, allow))) problems.push(`text: ${word}`)
  return problems
}
