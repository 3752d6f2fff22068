// Display formats for credits, sizes and durations.
const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 })
const decimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 })

/** A count of credits without the unit, for places that set the unit apart. */
export function formatNumber(n: number): string {
  return Number.isInteger(n) ? integer.format(n) : decimal.format(n)
}

export function formatCredits(n: number): string {
  return `${formatNumber(n)} credit${n === 1 ? '' : 's'}`
}

export function formatBytes(n: number | null): string {
  if (n === null) return '—'
  if (n < 1024) return `${n} B`
  const units = ['KiB', 'MiB', 'GiB']
  let value = n / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${decimal.format(value)} ${units[unit]}`
}

export function formatSeconds(s: number | null): string {
  if (s === null) return ''
  const whole = Math.round(s)
  const m = Math.floor(whole / 60)
  const sec = whole % 60
  return `${m}:${String(sec).padStart(2, '0')}`
}
