// The spend as CSV: one row per day (date, spent, refunded, jobs, balance), then one per
// model, so a spreadsheet gets the same figures as the charts.
import type { SpendSummary } from '../../../shared/app/spend'

/** Quotes a cell when it holds a comma, quote or line break, and defuses a leading formula sign. */
function cell(value: string | number | null): string {
  if (value === null) return ''
  let s = String(value)
  if (/^[=+\-@]/.test(s) && typeof value === 'string') s = `'${s}`
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export function spendCsv(summary: SpendSummary): string {
  const rows: (string | number | null)[][] = [['date', 'spent', 'refunded', 'jobs', 'balance']]
  for (const d of summary.days) rows.push([d.date, d.spent, d.refunded, d.jobs, d.balance])
  rows.push([])
  rows.push(['model', 'spent', 'refunded', 'jobs'])
  for (const m of summary.models) rows.push([m.model, m.spent, m.refunded, m.jobs])
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n'
}

export function spendFileName(summary: SpendSummary): string {
  const last = summary.days.at(-1)?.date ?? 'today'
  return `mediagen-spend-${summary.scope}-${last}.csv`
}

/** Hands the CSV to the browser's (or Electron's) download, which asks where to save it. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.click()
  // Revoked after the click has been handled; the download keeps its own copy.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
