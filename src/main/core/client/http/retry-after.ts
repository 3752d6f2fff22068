// The Retry-After header: how long a service asks a client to wait before trying again.

const DELAY_SECONDS = /^\s*(\d+(?:\.\d+)?)\s*$/

/**
 * The wait a Retry-After header asks for, in ms, or undefined when the header is
 * absent or unreadable. Accepts both forms of RFC 9110: delay-seconds ("120")
 * and an HTTP-date ("Wed, 21 Oct 2015 07:28:00 GMT"); a date in the past means 0.
 */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | undefined {
  if (header === null || header === undefined) return undefined
  const seconds = DELAY_SECONDS.exec(header)
  if (seconds?.[1] !== undefined) return Math.round(Number(seconds[1]) * 1000)
  // Date.parse accepts bare numbers and other odd strings; an HTTP-date always names a month or weekday.
  if (!/[a-z]/i.test(header)) return undefined
  const at = Date.parse(header)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}
