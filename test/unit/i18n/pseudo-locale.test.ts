// The pseudo-locale the view tests draw in: accented, about 40 % longer, bracketed, with
// every argument, plural and tag of the English message intact.
import IntlMessageFormat from 'intl-messageformat'
import { describe, expect, it } from 'vitest'
import { pseudoLocalize } from '../support/pseudo-locale'

const format = (message: string, values: Record<string, unknown> = {}) => new IntlMessageFormat(message, 'en', undefined, { ignoreTag: true }).format(values) as string

describe('the pseudo-locale', () => {
  it('accents and lengthens the words, brackets the message, and keeps arguments and tags', () => {
    const pseudo = pseudoLocalize('Open {view} — it ends in <token/>.')
    expect(pseudo.startsWith('⟦') && pseudo.endsWith('⟧')).toBe(true)
    expect(format(pseudo, { view: 'Gallery' })).toMatch(/^⟦Ö[^ ]+ Gallery — [^ ]+ [^ ]+ [^ ]+ <token\/>\.⟧$/)
    expect(pseudo).not.toMatch(/\b(Open|ends)\b/)
  })

  it('is at least 40 % longer than English in its words', () => {
    const english = 'Check for updates automatically'
    const text = format(pseudoLocalize(english))
    expect(text.length - 2).toBeGreaterThanOrEqual(Math.ceil(english.length * 1.35))
  })

  it('keeps plurals working, with their # and each case translated', () => {
    const pseudo = pseudoLocalize('{count, plural, one {# active job} other {# active jobs}}')
    expect(format(pseudo, { count: 1 })).toMatch(/^⟦1 [^ a-z]+ [^ a-z]+⟧$/)
    expect(format(pseudo, { count: 1234 })).toMatch(/^⟦1,234 /)
  })
})
