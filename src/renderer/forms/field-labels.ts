// A parameter's label, in the page's language: every key of the models this app knows has
// its own in the `params` catalog ("num_inference_steps" -> "Inference steps"). A key a
// newer model brings, which no catalog names yet, is shown as its words
// ("style_strength" -> "Style strength"), in English, until a catalog names it.
import type params from '../../shared/i18n/locales/en/params.json'
import { pageI18n, t } from '../i18n/page-i18n'

export type ParamLabelKey = keyof typeof params.label

/** A key the catalogs name (as opposed to one shown by its words). */
export function isNamedParam(key: string): key is ParamLabelKey {
  return pageI18n.exists(`params:label.${key}`, { lng: 'en' })
}

/** The key's words, for a key no catalog names: "styleStrength" and "style_strength" -> "Style strength". */
export function humanisedKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export function labelFor(key: string): string {
  return isNamedParam(key) ? t(`params:label.${key}`) : humanisedKey(key)
}
