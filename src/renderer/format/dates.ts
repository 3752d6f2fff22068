// Dates and times in the page's language (through Intl; see shared/i18n/format.ts).
import { pageFormatters, t as translate } from '../i18n/page-i18n'

export function formatDateTime(iso: string | null): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : pageFormatters().dateTime(d)
}

/** "3:04:05 PM": a time of day, to the second. */
export function formatTime(date: Date): string {
  return pageFormatters().time(date)
}

/** "1/5" (or "5.1." in German): a calendar day without its year. */
export function formatMonthDay(isoDay: string): string {
  return pageFormatters().monthDay(isoDay)
}

/** "3 minutes ago", "just now", falling back to the date for anything older than a week. */
export function formatRelative(iso: string, now = Date.now()): string {
  const t = new Date(iso).getTime()
  if (Number.isNaN(t)) return iso
  const seconds = Math.round((t - now) / 1000)
  const abs = Math.abs(seconds)
  const f = pageFormatters()
  if (abs < 45) return translate('common:time.justNow')
  if (abs < 3600) return f.relative(Math.round(seconds / 60), 'minute')
  if (abs < 86400) return f.relative(Math.round(seconds / 3600), 'hour')
  if (abs < 7 * 86400) return f.relative(Math.round(seconds / 86400), 'day')
  return formatDateTime(iso)
}
