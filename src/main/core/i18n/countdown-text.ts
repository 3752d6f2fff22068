// "3 h 20 min" in main's language: how long until an output is purged, as main's notices
// and the system notifications say it.
import { tm } from './main-i18n'

/** The time left, for a time still ahead (`ms` > 0). */
export function countdownText(ms: number): string {
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 1) return tm('main:time.lessThanMinute')
  const hours = Math.floor(minutes / 60)
  return hours > 0 ? tm('main:time.hoursMinutes', { hours, minutes: minutes % 60 }) : tm('main:time.minutes', { minutes })
}
