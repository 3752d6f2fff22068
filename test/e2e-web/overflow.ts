// Every visible box whose content is wider than the box, or reaches past the window's right
// edge (a cut-off or spilling label), named. Run in the page; these files are type-checked
// for Node, hence a script's text. Scroll areas and text boxes scroll by design, words for
// screen readers only are clipped to nothing by design, and a closed panel's controls are
// laid out unseen. `clipped` also passes boxes that hide their overflow on purpose (a
// tile's one line of tags).
import type { Page } from '@playwright/test'

export interface OverflowCheck {
  /** The boxes to look at (a CSS selector). */
  within?: string
  clipped?: boolean
}

function script({ within = '.shell *', clipped = false }: OverflowCheck): string {
  const scrolls = JSON.stringify(clipped ? ['auto', 'scroll', 'hidden'] : ['auto', 'scroll'])
  return `(() => {
  const found = []
  for (const el of document.querySelectorAll(${JSON.stringify(within)})) {
    const style = getComputedStyle(el)
    if (style.display === 'inline' || style.display === 'none' || el.offsetParent === null) continue
    if (el.closest('.visually-hidden') || el.closest('details:not([open]) > :not(summary)')) continue
    if (${scrolls}.includes(style.overflowX) || ['INPUT', 'TEXTAREA', 'SELECT', 'OPTION'].includes(el.tagName)) continue
    const wider = el.scrollWidth > el.clientWidth + 1
    const outside = el.getBoundingClientRect().right > window.innerWidth + 1
    if (wider || outside) found.push(el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + ' “' + (el.textContent || '').trim().slice(0, 60) + '”')
  }
  return found
})()`
}

export function overflowing(page: Page, check: OverflowCheck = {}): Promise<string[]> {
  return page.evaluate<string[]>(script(check))
}
