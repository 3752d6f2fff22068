// "3 h 20 min": how long until a moment, in the words the app uses for purge deadlines.
// Shared so the engine's notices and the page's labels say it the same way.

/** "3 h 20 min", "12 min", "less than a minute", or "overdue". */
export function formatCountdown(ms: number): string {
  if (ms <= 0) return 'overdue'
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 1) return 'less than a minute'
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return h > 0 ? `${h} h ${m} min` : `${m} min`
}
