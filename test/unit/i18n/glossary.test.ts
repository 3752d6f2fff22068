// The glossary (src/shared/i18n/glossary.json) held to account: the names every language
// writes as English does (the product, LoRA, the tools, model ids, options) are there in
// every translation of a message that has them, and each of the service's terms is said
// the glossary's way wherever English says it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LANGUAGES, SOURCE_LANGUAGE, type Language } from '../../../src/shared/i18n/languages'
import { messages, parseMessage, wordsOf } from './catalog-files'

interface Term {
  en: string[]
  caseSensitive?: boolean
  [language: string]: unknown
}
interface Glossary {
  keep: { term: string }[]
  keepPatterns: { pattern: string }[]
  terms: Term[]
}

const glossary = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'src', 'shared', 'i18n', 'glossary.json'), 'utf8')) as Glossary
const english = messages(SOURCE_LANGUAGE)
const translations = LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE)
const words = (message: unknown) => (typeof message === 'string' ? wordsOf(parseMessage(message)) : '')
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('the glossary', () => {
  it('gives every term a translation in every language', () => {
    const missing = glossary.terms.flatMap((term) => translations.filter((l) => !Array.isArray(term[l]) || (term[l] as string[]).length === 0).map((l) => `${term.en[0]} (${l})`))
    expect(missing).toEqual([])
  })

  it.each(translations)('%s keeps the names English keeps', (language) => {
    const theirs = messages(language)
    const problems: string[] = []
    for (const [key, source] of english) {
      const translated = theirs.get(key)
      if (typeof translated !== 'string') continue
      const kept = [
        ...glossary.keep.map((k) => k.term).filter((term) => words(source).includes(term)),
        ...glossary.keepPatterns.flatMap((p) => words(source).match(new RegExp(p.pattern, 'g')) ?? [])
      ]
      for (const name of new Set(kept)) if (!words(translated).includes(name)) problems.push(`${key}: “${name}” is written as in English`)
    }
    expect(problems).toEqual([])
  })

  it.each(translations)('%s says each term the glossary’s way', (language: Language) => {
    const theirs = messages(language)
    const problems: string[] = []
    for (const term of glossary.terms) {
      const inEnglish = new RegExp(`(?<![\\p{L}-])(${term.en.map(escape).join('|')})(?![\\p{L}-])`, term.caseSensitive ? 'u' : 'iu')
      const forms = (term[language] as string[]).map((f) => f.toLowerCase())
      for (const [key, source] of english) {
        const translated = theirs.get(key)
        if (typeof translated !== 'string' || !inEnglish.test(words(source))) continue
        if (!forms.some((form) => words(translated).toLowerCase().includes(form))) problems.push(`${key}: “${term.en[0]}” is “${forms[0]}” (${words(translated)})`)
      }
    }
    expect(problems).toEqual([])
  })
})
