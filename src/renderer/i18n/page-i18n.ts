/// <reference types="vite/client" />
// The page's i18next instance. English is in the first script, so the first frame is
// never waiting for words; every other language is its own chunk, fetched when chosen
// (startup does not grow with the languages). Components take their words with
// `useTranslation` from here (react-i18next, bound to this instance), code outside React
// with `t`; numbers and dates with the formatters of renderer/format.
import type { Resource, ResourceLanguage, TFunction } from 'i18next'
import { useSyncExternalStore } from 'react'
import { initReactI18next, useTranslation as useReactTranslation } from 'react-i18next'
import { createI18n } from '../../shared/i18n/create-i18n'
import { createFormatters, type Formatters } from '../../shared/i18n/format'
import { formattingLocale, SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages'
import { PAGE_NAMESPACES } from '../../shared/i18n/namespaces'

type Catalog = ResourceLanguage[string]

// The command line's and the menu's words stay with main.
const english = import.meta.glob<Catalog>(['../../shared/i18n/locales/en/*.json', '!**/cli.json', '!**/menu.json'], { eager: true, import: 'default' })
const others = import.meta.glob<Catalog>(['../../shared/i18n/locales/*/*.json', '!../../shared/i18n/locales/en/*.json', '!**/cli.json', '!**/menu.json'], { import: 'default' })

const FILE = /\/locales\/([^/]+)\/([^/]+)\.json$/

function byNamespace(files: Record<string, Catalog>): Record<string, Catalog> {
  return Object.fromEntries(Object.entries(files).map(([path, catalog]) => [FILE.exec(path)![2]!, catalog]))
}

/** The system's languages, most wanted first, as the browser (or Electron's Chromium) reports them. */
export function systemLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages.length ? navigator.languages : [navigator.language]
}

const resources: Resource = { [SOURCE_LANGUAGE]: byNamespace(english) }

export const pageI18n = createI18n({
  language: SOURCE_LANGUAGE,
  namespaces: PAGE_NAMESPACES,
  resources,
  plugins: [initReactI18next],
  // Every catalog of a language is here before the page switches to it: nothing suspends.
  options: { react: { useSuspense: false } },
  formattingLocale: (language) => formattingLocale(language, systemLanguages()),
  onBrokenMessage: (key, err) => console.error(`The message ${key} cannot be read: ${err.message}`)
})

/** The page's `t`, for a helper a component hands its words to. */
export type PageT = TFunction<typeof PAGE_NAMESPACES>

/**
 * A component's words: `const { t } = useTranslation()`, then `t('settings:title')`. Every
 * key names its namespace; the type check knows every key of the English catalogs. Rich
 * text goes through `<Trans t={t} i18nKey=… components={…} />`.
 */
export function useTranslation() {
  return useReactTranslation(PAGE_NAMESPACES)
}

export { Trans } from 'react-i18next'

/** A message in the page's language, for code outside components (stores, toasts). */
export const t: PageT = ((...args: unknown[]) => (pageI18n.t as unknown as (...a: unknown[]) => string)(...args)) as unknown as PageT

/** Fetches a language's catalogs unless they are here; English always is. */
export async function loadLanguage(language: Language): Promise<void> {
  if (pageI18n.hasResourceBundle(language, 'shell')) return
  const files = Object.entries(others).filter(([path]) => FILE.exec(path)?.[1] === language)
  const loaded = await Promise.all(files.map(async ([path, load]) => [FILE.exec(path)![2]!, await load()] as const))
  for (const [namespace, catalog] of loaded) pageI18n.addResourceBundle(language, namespace, catalog, true, true)
}

let formatters: Formatters | null = null

/** Numbers and dates in the page's language (in the system's form of it, when it has one). */
export function pageFormatters(): Formatters {
  const locale = formattingLocale(pageI18n.language, systemLanguages())
  if (formatters?.locale !== locale) formatters = createFormatters(locale)
  return formatters
}

const onLanguageChange = (changed: () => void) => {
  pageI18n.on('languageChanged', changed)
  return () => pageI18n.off('languageChanged', changed)
}

/**
 * The page's `t` for a component drawn by the dozen at once (the gallery's tiles): it
 * draws again when the language changes, as with `useTranslation`, without that hook's
 * work on every mount (a check of each namespace, a bound `t` and listeners of its own),
 * which made mounting a screen of new tiles after a filter a third slower.
 */
export function usePageT(): PageT {
  useSyncExternalStore(onLanguageChange, () => pageI18n.language)
  return t
}
