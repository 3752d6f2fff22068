// A notice from main in the page's language: main sends the catalogs' key and values with
// the text it rendered in its own, and the page says the key in the language it speaks
// (in the browser the two may differ: main follows its system, the page the browser).
// A notice main sends as finished text, or with a key this page does not know, is shown
// as main wrote it.
import type { EventPayload } from '../../shared/contract'
import { pageI18n } from './page-i18n'

export function noticeText(notice: EventPayload<'notice'>): string {
  if (!notice.key || !pageI18n.exists(notice.key)) return notice.message
  return (pageI18n.t as unknown as (key: string, values?: Record<string, string | number>) => string)(notice.key, notice.values)
}
