// What a notice says: a message of the catalogs (a key and its values), or, until its
// words are moved into them, finished English text. Main renders it in its own language
// (for the command line, the log and the OS notifications) and sends the key with it, so
// the page says it in the page's language.
import { isMessage, type Message, type MessageValues } from '../../../shared/i18n/message'
import { tm } from './main-i18n'

export type NoticeText = string | Message
export type NoticeLevel = 'info' | 'warning' | 'error'

/** Tells the user something: what the engine and the app hand to whoever shows notices. */
export type Notify = (level: NoticeLevel, text: NoticeText) => void

export interface NoticePayload {
  level: NoticeLevel
  message: string
  key?: string
  values?: MessageValues
  jobId?: string
  cause?: NoticeCause
}

/** What a notice comes from, where the app acts on it (see shared/app/notice). */
export type NoticeCause = 'key-rejected'

/** A message of the catalogs: `message('main:settings.damaged', { file })`. */
export function message(key: string, values?: MessageValues): Message {
  return values ? { key, values } : { key }
}

/** The text in main's language. */
export function renderNotice(text: NoticeText): string {
  return isMessage(text) ? (tm as unknown as (key: string, values?: MessageValues) => string)(text.key, text.values) : text
}

export function noticePayload(level: NoticeLevel, text: NoticeText, jobId?: string): NoticePayload {
  return {
    level,
    message: renderNotice(text),
    ...(isMessage(text) ? { key: text.key, ...(text.values ? { values: text.values } : {}) } : {}),
    ...(jobId ? { jobId } : {})
  }
}
