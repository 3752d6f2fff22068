// The languages the app speaks, and how a user's or system's language preferences pick one.
// English is the source: every other catalog is translated from it, and whatever a
// catalog lacks is said in English.

export const LANGUAGES = ['en', 'zh-CN', 'ja', 'ko', 'es', 'pt-BR', 'de', 'fr'] as const
export type Language = (typeof LANGUAGES)[number]

export const SOURCE_LANGUAGE: Language = 'en'

/** Each language by its own name, as a user looking for it recognises it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  ja: '日本語',
  ko: '한국어',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  de: 'Deutsch',
  fr: 'Français'
}

/** The `language` setting: a language of the app, or 'system' to follow the system's. */
export const FOLLOW_SYSTEM = 'system' as const

/** Whether `tag` is a well-formed BCP 47 language tag (`de`, `pt-BR`, `zh-Hant-TW`). */
export function isLanguageTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1
  } catch {
    return false
  }
}

export function isLanguage(tag: string): tag is Language {
  return (LANGUAGES as readonly string[]).includes(tag)
}

/**
 * A locale as systems write it, as a BCP 47 tag: `de_DE.UTF-8` and `sr_RS@latin` are
 * POSIX names (LANG), `C` and `POSIX` mean no language at all. Null for what is not one.
 */
export function bcp47(locale: string): string | null {
  const tag = locale.trim().replace(/[.@].*$/, '').replace(/_/g, '-')
  if (tag === '' || tag === 'C' || tag === 'POSIX') return null
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null
  } catch {
    return null
  }
}

/** The app's language closest to one tag: the same tag, else the same language in another region or script. */
function closest(tag: string): Language | null {
  const exact = LANGUAGES.find((l) => l.toLowerCase() === tag.toLowerCase())
  if (exact) return exact
  // Any Chinese reads the Simplified catalog (the only one), any Portuguese the Brazilian.
  const base = tag.split('-')[0]!.toLowerCase()
  return LANGUAGES.find((l) => l.split('-')[0]!.toLowerCase() === base) ?? null
}

/** The first of `preferred` (most wanted first, any form `bcp47` reads) the app speaks; null for none. */
export function matchLanguage(preferred: readonly string[]): Language | null {
  for (const locale of preferred) {
    const tag = bcp47(locale)
    const match = tag ? closest(tag) : null
    if (match) return match
  }
  return null
}

/**
 * The language to speak: the setting's, when the app speaks it, else the first of the
 * system's preferences it speaks, else English.
 */
export function resolveLanguage(setting: string, system: readonly string[]): Language {
  const chosen = setting === FOLLOW_SYSTEM ? null : matchLanguage([setting])
  return chosen ?? matchLanguage(system) ?? SOURCE_LANGUAGE
}

/**
 * The locale numbers and dates are written in: the system's own form of the language
 * spoken (English with British dates on a British system), else the language's.
 */
export function formattingLocale(language: string, system: readonly string[]): string {
  const base = language.split('-')[0]!.toLowerCase()
  for (const locale of system) {
    const tag = bcp47(locale)
    if (tag && tag.split('-')[0]!.toLowerCase() === base && (tag.includes('-') || !language.includes('-'))) return tag
  }
  return language
}
