// A settings file that cannot be read in full is kept aside (`settings.json.damaged`, then
// `.damaged-2`, …), never overwritten: the app starts on what it could read, and says what happened.
import { basename } from 'node:path'
import { keepAside } from '../fs/keep-aside'

export interface SettingsDamage {
  /** The settings file. */
  file: string
  /** Where its damaged copy now is. */
  keptAs: string
  /** Fields that could not be read (empty when the whole file could not be). */
  fields: string[]
}

/**
 * Keeps the file's damaged version aside: moved when nothing in it could be read, copied
 * when only some fields could (the rest stays in use, and the next save rewrites it).
 */
export function keepSettingsAside(file: string, fields: string[]): SettingsDamage {
  return { file, keptAs: keepAside(file, { copy: fields.length > 0 }), fields }
}

/** What the user is told: which file, where its copy is, and what to do. */
export function settingsDamageMessage(d: SettingsDamage): string {
  const what = d.fields.length ? `had unreadable values (${d.fields.join(', ')})` : 'could not be read'
  return `The settings file ${basename(d.file)} ${what}; it is kept as ${basename(d.keptAs)}. Your API key is still stored: enter the service's base URL in Settings to reconnect.`
}
