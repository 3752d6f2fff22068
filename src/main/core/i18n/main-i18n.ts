// The main process's language: one per process, as the settings name it (or the
// system's). The engine's notices and errors, the menu, the OS notifications and the
// command line's words come from here. English is built in, so a message is ready from the
// first line; another language's catalogs are read when it is chosen.
import type { TFunction } from 'i18next'
import { createI18n } from '../../../shared/i18n/create-i18n'
import { formattingLocale, resolveLanguage, SOURCE_LANGUAGE, type Language } from '../../../shared/i18n/languages'
import { MAIN_NAMESPACES } from '../../../shared/i18n/namespaces'
import cli from '../../../shared/i18n/locales/en/cli.json'
import main from '../../../shared/i18n/locales/en/main.json'
import menu from '../../../shared/i18n/locales/en/menu.json'

let system: readonly string[] = []

const instance = createI18n({
  language: SOURCE_LANGUAGE,
  namespaces: MAIN_NAMESPACES,
  resources: { [SOURCE_LANGUAGE]: { cli, main, menu } },
  formattingLocale: (language) => formattingLocale(language, system),
  onBrokenMessage: (key, err) => process.emitWarning(`The message ${key} cannot be read: ${err.message}`)
})

/**
 * A language's catalogs for main. `language` is one of LANGUAGES, never outside input, so
 * the paths below are the catalogs' own; the bundler makes a chunk of each.
 */
async function loadCatalogs(language: Language): Promise<void> {
  if (instance.hasResourceBundle(language, 'main')) return
  const [mainCatalog, menuCatalog, cliCatalog] = await Promise.all([
    import(`../../../shared/i18n/locales/${language}/main.json`),
    import(`../../../shared/i18n/locales/${language}/menu.json`),
    import(`../../../shared/i18n/locales/${language}/cli.json`)
  ])
  instance.addResourceBundle(language, 'main', (mainCatalog as { default: object }).default, true, true)
  instance.addResourceBundle(language, 'menu', (menuCatalog as { default: object }).default, true, true)
  instance.addResourceBundle(language, 'cli', (cliCatalog as { default: object }).default, true, true)
}

let latest = 0

/**
 * Speaks the language `setting` names ('system', or a language tag) with `systemLanguages`
 * (most wanted first) for 'system'. Of switches that overlap, the last asked wins; a
 * language whose catalogs cannot be read leaves main in the one it speaks.
 */
export async function setMainLanguage(setting: string, systemLanguages: readonly string[]): Promise<Language> {
  const mine = ++latest
  const language = resolveLanguage(setting, systemLanguages)
  try {
    await loadCatalogs(language)
  } catch (err) {
    process.emitWarning(`The ${language} catalogs could not be read: ${(err as Error).message}`)
    return mainLanguage()
  }
  if (mine !== latest) return mainLanguage()
  system = systemLanguages
  if (instance.language !== language) await instance.changeLanguage(language)
  return language
}

export function mainLanguage(): Language {
  return instance.language as Language
}

type MainT = TFunction<typeof MAIN_NAMESPACES>

/** A message in main's language: `tm('main:settings.damaged', { file })`. */
export const tm: MainT = ((...args: unknown[]) => (instance.t as unknown as (...a: unknown[]) => string)(...args)) as unknown as MainT

/** Called whenever main's language changes (the menu is built again). Returns a function that stops it. */
export function onMainLanguageChange(listener: (language: Language) => void): () => void {
  const handler = (language: string) => listener(language as Language)
  instance.on('languageChanged', handler)
  return () => instance.off('languageChanged', handler)
}
