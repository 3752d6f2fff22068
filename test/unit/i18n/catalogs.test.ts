// The catalogs every language is read from: the same files in every language's folder, no
// key English lacks, every message readable by ICU and taking the same arguments and tags
// as the English one (a translation that loses `{count}` or `<token/>` fails here, not in
// front of a user), plurals with the cases the language has, and the glossary's terms said
// the glossary's way. The areas listed in TRANSLATED must be translated in full.
import { describe, expect, it } from 'vitest'
import { LANGUAGES, SOURCE_LANGUAGE } from '../../../src/shared/i18n/languages'
import { NAMESPACES } from '../../../src/shared/i18n/namespaces'
import { argumentsOf, choicesOf, localeFolders, messages, parseMessage, tagsOf, tryParse } from './catalog-files'

/** The areas translated into every language: a key English has and one of these lacks fails. */
const TRANSLATED = ['common', 'shell', 'settings', 'updates', 'main', 'menu', 'cli', 'tools', 'inputs', 'palette', 'spend', 'legacy', 'queue', 'gallery', 'loras']

const english = messages(SOURCE_LANGUAGE)
const translations = LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE)

describe('the catalogs', () => {
  it('have a folder for every language and nothing else, each with one file per namespace', () => {
    const folders = localeFolders()
    expect([...folders.keys()].sort()).toEqual([...LANGUAGES].sort())
    const files = NAMESPACES.map((ns) => `${ns}.json`).sort()
    for (const [language, inFolder] of folders) expect(inFolder, language).toEqual(files)
  })

  it('are text messages that ICU reads, in English and in every translation', () => {
    const problems: string[] = []
    for (const language of LANGUAGES) {
      for (const [key, message] of messages(language)) {
        if (typeof message !== 'string') problems.push(`${language} ${key}: not text`)
        else if (message.trim() === '') problems.push(`${language} ${key}: empty (leave a key out to fall back to English)`)
        else {
          try {
            parseMessage(message)
          } catch (err) {
            problems.push(`${language} ${key}: ${(err as Error).message}`)
          }
        }
      }
    }
    expect(problems).toEqual([])
  })

  it.each(translations)('%s has no key English lacks, and each takes the English arguments and tags', (language) => {
    const problems: string[] = []
    for (const [key, message] of messages(language)) {
      const source = english.get(key)
      if (typeof source !== 'string') {
        problems.push(`${key}: not in English`)
        continue
      }
      const [sourceAst, ast] = [tryParse(source), tryParse(message)]
      if (typeof message !== 'string' || !sourceAst || !ast) continue
      const [want, got] = [argumentsOf(sourceAst), argumentsOf(ast)]
      if (want.join() !== got.join()) problems.push(`${key}: arguments ${got.join(', ') || 'none'}, English has ${want.join(', ') || 'none'}`)
      if (tagsOf(source).join() !== tagsOf(message).join()) problems.push(`${key}: tags ${tagsOf(message).join(', ') || 'none'}, English has ${tagsOf(source).join(', ') || 'none'}`)
    }
    expect(problems).toEqual([])
  })

  it.each(LANGUAGES)('%s says plurals in the cases its language has, and every plural and select has “other”', (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[]
    const problems: string[] = []
    for (const [key, message] of messages(language)) {
      const ast = tryParse(message)
      if (!ast) continue
      for (const choice of choicesOf(ast)) {
        if (!choice.cases.includes('other')) problems.push(`${key}: {${choice.name}} has no “other”`)
        if (choice.kind !== 'plural') continue
        const unknown = choice.cases.filter((c) => !c.startsWith('=') && !categories.includes(c))
        if (unknown.length) problems.push(`${key}: {${choice.name}} has ${unknown.join(', ')}, which ${language} does not use (it has ${categories.join(', ')})`)
      }
    }
    expect(problems).toEqual([])
  })

  it.each(translations)('%s is complete in the translated areas', (language) => {
    const theirs = messages(language)
    const missing = [...english.keys()].filter((key) => TRANSLATED.includes(key.split(':')[0]!) && !theirs.has(key))
    expect(missing).toEqual([])
  })
})
