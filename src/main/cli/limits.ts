// `cli limits`: shows the spending limits of the data folder, with what its jobs used of
// them today and this month, and sets them (`off` clears one). They are one setting with
// the app's and `serve`'s, in the data folder's shared settings (folder-settings.ts), so a
// limit set here holds for the app's sends and one set in the app for the command line's.
// Showing them reads the files (the settings and the journal as they are on disk): no key,
// and nothing is asked of a process holding the folder. Setting them while one holds it is
// handed to it (hand-over.ts), since it keeps its settings in memory and writes them whole;
// with none, they are written here through the settings store.
import { join } from 'node:path'
import { creditLimitSchema, creditsLeft, type SpendStanding } from '../../shared/app/spend-limits'
import type { CommandRequest } from '../../shared/app/handover'
import { readJournalOnDisk } from '../core/jobs/journal-on-disk'
import { standingOf } from '../core/jobs/spend-ledger'
import { str, UsageError } from './args'
import { folderLimits, folderSettingsStore } from './folder-settings'
import { EXIT } from './exit-codes'
import { tm } from '../core/i18n/main-i18n'
import { columns } from './wrap-text'

type Out = (line: string) => void
type LimitsSet = CommandRequest<'limits'>['set']

/** Each option and the settings field it sets. */
const OPTIONS = { daily: 'dailyCreditLimit', monthly: 'monthlyCreditLimit', 'ask-above': 'askAboveCredits' } as const

function limitValue(flag: string, text: string): number | null {
  if (text.trim().toLowerCase() === 'off') return null
  const parsed = creditLimitSchema.safeParse(/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN)
  if (!parsed.success) throw new UsageError(tm('cli:limits.badValue', { flag, value: text }))
  return parsed.data
}

/** The limits the options set (empty when they only ask to see them); a bad value is a usage error naming its option. */
export function limitsSetFrom(options: Record<string, string | boolean>): LimitsSet {
  const set: LimitsSet = {}
  for (const [flag, field] of Object.entries(OPTIONS)) {
    const text = str(options, flag)
    if (text !== undefined) set[field] = limitValue(flag, text)
  }
  return set
}

/** True when the options set a limit (and so change the folder's settings). */
export function setsLimits(options: Record<string, string | boolean>): boolean {
  return Object.keys(limitsSetFrom(options)).length > 0
}

/** A limit and what is spent of it, in main's language. */
function limitText(period: 'daily' | 'monthly', limit: number | null, spent: number): string {
  if (limit === null) return tm(period === 'daily' ? 'cli:limits.dailyOff' : 'cli:limits.monthlyOff', { spent })
  return tm(period === 'daily' ? 'cli:limits.dailySet' : 'cli:limits.monthlySet', { limit, spent, left: creditsLeft(limit, spent)! })
}

/** Prints the limits and what is used of them, each value in a column after the longest label. */
export function printLimits(s: SpendStanding, out: Out): number {
  const rows: [string, string][] = [
    [tm('cli:limits.daily'), limitText('daily', s.daily, s.spentToday)],
    [tm('cli:limits.monthly'), limitText('monthly', s.monthly, s.spentThisMonth)],
    [tm('cli:limits.askAbove'), s.askAbove === null ? tm('cli:limits.askAboveOff') : tm('cli:limits.askAboveSet', { limit: s.askAbove })]
  ]
  const width = Math.max(...rows.map(([label]) => columns(label))) + 2
  for (const [label, value] of rows) out(label + ' '.repeat(width - columns(label)) + value)
  out(tm('cli:limits.periods', { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }))
  return EXIT.ok
}

/** The limits set here (no process holds the folder) and shown from the files. */
export async function limitsCommand(dataDir: string, options: Record<string, string | boolean>, out: Out, err: Out): Promise<number> {
  const set = limitsSetFrom(options)
  if (Object.keys(set).length > 0) {
    try {
      await folderSettingsStore(dataDir).update(set).saved
    } catch (failure) {
      err(tm('cli:error', { reason: failure instanceof Error ? failure.message : String(failure) }))
      return EXIT.failed
    }
  }
  const records = await readJournalOnDisk(join(dataDir, 'live'))
  return printLimits(standingOf(records, folderLimits(dataDir), Date.now()), out)
}
