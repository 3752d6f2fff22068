// Every visible box whose content is wider than the box, or reaches past the window's right
// edge (a cut-off or spilling label), named. Run in the page; these files are type-checked
// for Node, hence a script's text. Scroll areas and text boxes scroll by design, words for
// screen readers only are clipped to nothing by design, and a closed panel's controls are
// laid out unseen. `clipped` also passes boxes that hide their overflow on purpose (a
// tile's one line of tags). `fields` also measures the text a select shows and an empty
// box's hint against the room inside the box, which no scroll width tells.
import type { Page } from '@playwright/test'

export interface OverflowCheck {
  /** The boxes to look at (a CSS selector). */
  within?: string
  clipped?: boolean
  /** Also the words a select shows for its choice, and an empty box's hint: each must fit its box. */
  fields?: boolean
}

function script({ within = '.shell *', clipped = false, fields = false }: OverflowCheck): string {
  const scrolls = JSON.stringify(clipped ? ['auto', 'scroll', 'hidden'] : ['auto', 'scroll'])
  return `(() => {
  const found = []
  const measure = document.createElement('canvas').getContext('2d')
  const cut = (el, style) => {
    if (el.tagName === 'INPUT') {
      // The hint laid out as the box's text: the browser's own parts (a search box's clear
      // button) take their room as they would.
      if (el.value || !el.placeholder) return false
      el.value = el.placeholder
      const wider = el.scrollWidth > el.clientWidth + 1
      el.value = ''
      return wider
    }
    const text = (el.selectedOptions[0] ? el.selectedOptions[0].textContent : '').trim()
    measure.font = style.font
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    return text !== '' && measure.measureText(text).width > room + 1
  }
  for (const el of document.querySelectorAll(${JSON.stringify(within)})) {
    const style = getComputedStyle(el)
    if (style.display === 'inline' || style.display === 'none' || el.offsetParent === null) continue
    if (el.closest('.visually-hidden') || el.closest('details:not([open]) > :not(summary)')) continue
    if (${fields} && ['INPUT', 'SELECT'].includes(el.tagName) && cut(el, style)) found.push(el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + ' cut: “' + (el.tagName === 'SELECT' ? el.selectedOptions[0].textContent : el.placeholder).trim().slice(0, 60) + '”')
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
