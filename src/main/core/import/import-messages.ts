// What the import says about a file it leaves out, in one place: each is a whole sentence
// of the catalogs (a key, with the one value it names). It goes out as the key and its
// values beside the text in main's language, so the page and the command line (which may
// be another process, in another language) each say it in their own.
import type { ImportSkip } from '../../../shared/app/library-import'
import type { Message } from '../../../shared/i18n/message'
import { mainI18n } from '../i18n/main-i18n'
import { message, renderNotice } from '../i18n/notice-text'
import { MAX_IMPORT_BYTES } from './import-limits'

const MIB = 1024 * 1024

/** Why a file was left out: a message of `main:importSkip`. */
export type SkipReason = Message

export const SKIP = {
  link: message('main:importSkip.link'),
  special: message('main:importSkip.special'),
  empty: message('main:importSkip.empty'),
  tooLarge: message('main:importSkip.tooLarge', { mib: MAX_IMPORT_BYTES / MIB }),
  notMedia: message('main:importSkip.notMedia'),
  notPicture: (kind: string) => message('main:importSkip.notPicture', { kind }),
  damaged: message('main:importSkip.damaged'),
  removed: message('main:importSkip.removed'),
  copyMismatch: message('main:importSkip.copyMismatch'),
  unreadable: (why: string) => message('main:importSkip.unreadable', { reason: why }),
  unwritable: (why: string) => message('main:importSkip.unwritable', { reason: why })
} as const

/** A skipped file as the result and the news carry it: main's words, and the key and values to say it in another language. */
export function skipOf(path: string, why: SkipReason): ImportSkip {
  return { path, reason: renderNotice(why), key: why.key, ...(why.values ? { values: why.values } : {}) }
}

/** A skipped file's reason in this process's language: said from its key when the catalogs know it (the holder of the folder may speak another), else as it came. */
export function skipReasonText(skip: ImportSkip): string {
  return skip.key && mainI18n.exists(skip.key) ? renderNotice({ key: skip.key, ...(skip.values ? { values: skip.values } : {}) }) : skip.reason
}
