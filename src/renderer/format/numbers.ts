// Display formats for credits, sizes and durations, in the page's language (through Intl;
// see shared/i18n/format.ts). Every number the page shows goes through here or through a
// message's own `{n, number}`/plural, never `toLocaleString` or a hand-built form.
import { pageFormatters, t } from '../i18n/page-i18n'

/** A count of credits without the unit, for places that set the unit apart. */
export function formatNumber(n: number): string {
  return pageFormatters().number(n)
}

/** "1,234 credits", "1 credit": the count and its unit, plural-aware. */
export function formatCredits(n: number): string {
  return t('common:credits', { count: n })
}

export function formatBytes(n: number | null): string {
  return n === null ? '—' : pageFormatters().bytes(n)
}

/** "1:05": a length in seconds as a clock reads it; '' for none. */
export function formatSeconds(s: number | null): string {
  return s === null ? '' : pageFormatters().clock(s * 1000)
}

/** "0:42" or "1:05:00": a clock reading, for times that tick by. */
export function formatClock(ms: number): string {
  return pageFormatters().clock(ms)
}

/** "2 min, 5 sec": how long something took. */
export function formatDuration(ms: number): string {
  return pageFormatters().duration(ms)
}

/** "a, b, c": names side by side, as the locale lists them. */
export function formatList(items: string[]): string {
  return pageFormatters().amounts(items)
}
