// Numbers, sizes, dates and durations in a locale, through Intl. The page binds these to
// the language it speaks (renderer/format); main writes its numbers inside its messages
// (`{count, number}`, plurals), which ICU formats in main's language. Words around them
// ("3 credits", "about 5:04 left") are messages in the catalogs.

/** Intl.DurationFormat (ES2025): in Node 24 and Chromium, not yet in this TypeScript's lib. */
interface DurationFormatLike {
  format(duration: Record<string, number>): string
}
type DurationFormatConstructor = new (locale: string, options: Record<string, string>) => DurationFormatLike
const DurationFormat = (Intl as unknown as { DurationFormat?: DurationFormatConstructor }).DurationFormat

const BYTE_UNITS = ['kilobyte', 'megabyte', 'gigabyte'] as const

export interface Formatters {
  readonly locale: string
  /** A count or an amount of credits without its unit: "1,234", "2.5". */
  number(n: number): string
  /** "1.5 MB", in the locale's words for the unit. */
  bytes(n: number): string
  /** "Jan 5, 2025, 3:04 PM" in the locale's order. */
  dateTime(date: Date): string
  /** "3:04:05 PM": a time of day with seconds. */
  time(date: Date): string
  /** "1/5": a calendar day (`2025-01-05`) without its year, for a chart's axis. */
  monthDay(isoDay: string): string
  /** "3 minutes ago", "yesterday". */
  relative(value: number, unit: 'second' | 'minute' | 'hour' | 'day'): string
  /** "0:42" or "1:05:00": a clock reading for a time that ticks by. */
  clock(ms: number): string
  /** "2 min, 5 sec" or "1 hr, 3 min": how long something took. */
  duration(ms: number): string
  /** "3 done, 1 failed": amounts side by side, as the locale lists them. */
  amounts(items: string[]): string
}

function parts(ms: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.round(ms / 1000))
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 }
}

export function createFormatters(locale: string): Formatters {
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })
  const twoDigits = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false })
  const bytes = BYTE_UNITS.map((unit) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }))
  const byte = new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'short' })
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' })
  // A calendar day names no time zone: read and written in UTC, it stays the same day.
  const monthDay = new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric', timeZone: 'UTC' })
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  const short = DurationFormat ? new DurationFormat(locale, { style: 'short' }) : null
  // Under a second is "0 sec", not nothing: DurationFormat leaves out a unit whose value is 0.
  const shortSeconds = DurationFormat ? new DurationFormat(locale, { style: 'short', secondsDisplay: 'always' }) : null
  const amounts = new Intl.ListFormat(locale, { type: 'unit', style: 'short' })
  return {
    locale,
    number: (n) => (Number.isInteger(n) ? integer : decimal).format(n),
    bytes(n) {
      if (n < 1000) return byte.format(n)
      let value = n / 1000
      let unit = 0
      while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
        value /= 1000
        unit++
      }
      return bytes[unit]!.format(value)
    },
    dateTime: (date) => dateTime.format(date),
    time: (date) => time.format(date),
    monthDay: (isoDay) => monthDay.format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`)),
    relative: (value, unit) => relative.format(value, unit),
    clock(ms) {
      const { hours, minutes, seconds } = parts(ms)
      const mm = hours > 0 ? twoDigits.format(minutes) : integer.format(minutes)
      return hours > 0 ? `${integer.format(hours)}:${mm}:${twoDigits.format(seconds)}` : `${mm}:${twoDigits.format(seconds)}`
    },
    duration(ms) {
      const { hours, minutes, seconds } = parts(ms)
      const value: Record<string, number> = hours > 0 ? { hours, minutes } : minutes > 0 ? { minutes, seconds } : { seconds }
      if (short && shortSeconds) return (hours === 0 && minutes === 0 ? shortSeconds : short).format(value)
      return Object.entries(value).map(([unit, n]) => new Intl.NumberFormat(locale, { style: 'unit', unit: unit.slice(0, -1), unitDisplay: 'short' }).format(n)).join(' ')
    },
    amounts: (items) => amounts.format(items)
  }
}
