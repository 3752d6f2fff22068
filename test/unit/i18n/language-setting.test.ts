// Which language the app speaks: the `language` setting (an older settings file has none
// and follows the system; a tag a newer version wrote is kept, not taken for damage), and
// how a setting and the system's preferences, written as systems write them, pick one of
// the app's languages.
import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, settingsPatchSchema } from '../../../src/shared/app/settings'
import { readSettings, unreadableFields } from '../../../src/main/core/settings/settings-values'
import { formattingLocale, matchLanguage, resolveLanguage } from '../../../src/shared/i18n/languages'
import { systemLanguagesFromEnv } from '../../../src/main/core/i18n/system-languages'

describe('the language setting', () => {
  it('follows the system in a settings file written before there was one', () => {
    expect(DEFAULT_SETTINGS.language).toBe('system')
    expect(readSettings({ theme: 'light' }).language).toBe('system')
  })

  it('keeps a tag a newer version wrote, and refuses what is no language tag, naming the field', () => {
    expect(readSettings({ language: 'it' }).language).toBe('it')
    expect(unreadableFields({ language: 'it' })).toEqual([])
    expect(unreadableFields({ language: 'de_DE.UTF-8' })).toEqual(['language'])
    expect(readSettings({ language: 42, theme: 'light' })).toMatchObject({ language: 'system', theme: 'light' })
  })

  it('can be set from the page only to one of the app’s languages or the system’s', () => {
    expect(settingsPatchSchema.safeParse({ language: 'pt-BR' }).success).toBe(true)
    expect(settingsPatchSchema.safeParse({ language: 'system' }).success).toBe(true)
    const refused = settingsPatchSchema.safeParse({ language: 'it' })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.path).toEqual(['language'])
  })
})

describe('picking a language', () => {
  it('reads the forms systems write: POSIX names, regions, scripts', () => {
    expect(matchLanguage(['de_AT.UTF-8'])).toBe('de')
    expect(matchLanguage(['zh-Hant-TW'])).toBe('zh-CN')
    expect(matchLanguage(['pt-PT'])).toBe('pt-BR')
    expect(matchLanguage(['es-419'])).toBe('es')
    expect(matchLanguage(['C', 'POSIX', '', 'sr_RS@latin', 'ja_JP.eucJP'])).toBe('ja')
    expect(matchLanguage(['tlh', 'xx'])).toBeNull()
  })

  it('takes the setting when the app speaks it, else the system’s first it speaks, else English', () => {
    expect(resolveLanguage('ko', ['de-DE'])).toBe('ko')
    expect(resolveLanguage('system', ['it-IT', 'fr-CA', 'en-US'])).toBe('fr')
    expect(resolveLanguage('it', ['de-DE'])).toBe('de')
    expect(resolveLanguage('system', ['it-IT'])).toBe('en')
  })

  it('writes numbers and dates in the system’s form of the language spoken', () => {
    expect(formattingLocale('en', ['en-GB', 'de-DE'])).toBe('en-GB')
    expect(formattingLocale('de', ['en-GB'])).toBe('de')
    expect(formattingLocale('pt-BR', ['pt'])).toBe('pt-BR')
  })

  it('reads the terminal’s language from LC_ALL over LC_MESSAGES over LANG, then the runtime’s', () => {
    const system = systemLanguagesFromEnv({ LANG: 'de_DE.UTF-8', LC_MESSAGES: 'fr_FR.UTF-8', LC_ALL: '' })
    expect(system.slice(0, 2)).toEqual(['fr_FR.UTF-8', 'de_DE.UTF-8'])
    expect(resolveLanguage('system', systemLanguagesFromEnv({ LC_ALL: 'ja_JP.UTF-8', LANG: 'de_DE.UTF-8' }))).toBe('ja')
    expect(systemLanguagesFromEnv({})).toHaveLength(1)
  })
})
