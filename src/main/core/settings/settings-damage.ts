// A settings file that cannot be read in full is kept aside (`settings.json.damaged`, then
// `.damaged-2`, …), never overwritten: the app starts on what it could read, and says what happened.
import { basename } from 'node:path'
import { keepAside } from '../fs/keep-aside'
import type { Message } from '../../../shared/i18n/message'
import { message } from '../i18n/notice-text'

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
export function settingsDamageMessage(d: SettingsDamage): Message {
  const names = { file: basename(d.file), keptAs: basename(d.keptAs) }
  return d.fields.length ? message('main:settings.damagedFields', { ...names, fields: d.fields.join(', ') }) : message('main:settings.damaged', names)
}
