// Which language the page speaks: the `language` setting, or the system's (the browser's
// languages) when it follows the system. Applied at once, without a reload: the catalogs
// are fetched, then every component using `useTranslation` draws again. The setting last
// applied is kept in the page's storage, so the next start draws its first frame in it
// before the engine has answered.
import { useEffect } from 'react'
import { FOLLOW_SYSTEM, resolveLanguage, type Language } from '../../shared/i18n/languages'
import { useApp } from '../stores/app'
import { readSaved, writeSaved } from '../stores/saved'
import { z } from 'zod'
import { loadLanguage, pageI18n, systemLanguages } from '../i18n/page-i18n'

const SAVED_KEY = 'language'
let latest = 0

/**
 * Switches the page to the language `setting` names (a language of the app, or 'system').
 * Of switches that overlap, the last asked wins; a language whose catalogs cannot be
 * fetched leaves the page in the one it speaks.
 */
export async function applyLanguageSetting(setting: string): Promise<Language | null> {
  const language = resolveLanguage(setting, systemLanguages())
  const mine = ++latest
  try {
    await loadLanguage(language)
  } catch (err) {
    console.error(`The ${language} catalogs could not be loaded`, err)
    return null
  }
  if (mine !== latest) return null
  writeSaved(SAVED_KEY, setting)
  if (typeof document !== 'undefined') document.documentElement.lang = language
  if (pageI18n.language !== language) await pageI18n.changeLanguage(language)
  return language
}

/** Before the first frame: the language last applied, or the system's. */
export function startPageLanguage(): Promise<Language | null> {
  return applyLanguageSetting(readSaved(SAVED_KEY, z.string().max(64)) ?? FOLLOW_SYSTEM)
}

/** Follows the `language` setting as the engine stores it (loaded, or changed in Settings). */
export function usePageLanguage(): void {
  const setting = useApp((s) => s.settings?.language)
  useEffect(() => {
    if (setting) void applyLanguageSetting(setting)
  }, [setting])
}
