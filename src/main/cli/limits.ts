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
import { createFormatters } from '../../shared/i18n/format'

type Out = (line: string) => void
type LimitsSet = CommandRequest<'limits'>['set']

/** Each option and the settings field it sets. */
const OPTIONS = { daily: 'dailyCreditLimit', monthly: 'monthlyCreditLimit', 'ask-above': 'askAboveCredits' } as const

function limitValue(flag: string, text: string): number | null {
  if (text.trim().toLowerCase() === 'off') return null
  const parsed = creditLimitSchema.safeParse(/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN)
  if (!parsed.success) throw new UsageError(`--${flag}: must be a whole number of credits (0 or more) or off (got '${text}')`)
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

/** In the English of these messages until they move into the catalogs. */
const credits = createFormatters('en-US').number

/** Prints the limits and what is used of them. */
export function printLimits(s: SpendStanding, out: Out): number {
  const limit = (value: number | null, spent: number, when: string) =>
    value === null ? `off (${credits(spent)} spent ${when})` : `${credits(value)} credits (${credits(spent)} spent ${when}, ${credits(creditsLeft(value, spent)!)} left)`
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  out(`daily limit:      ${limit(s.daily, s.spentToday, 'today')}`)
  out(`monthly limit:    ${limit(s.monthly, s.spentThisMonth, 'this month')}`)
  out(`ask first above:  ${s.askAbove === null ? 'off' : `${credits(s.askAbove)} credits (submit then needs --yes)`}`)
  out(`Days start at local midnight and months on the 1st (time zone ${timeZone}).`)
  return EXIT.ok
}

/** The limits set here (no process holds the folder) and shown from the files. */
export async function limitsCommand(dataDir: string, options: Record<string, string | boolean>, out: Out, err: Out): Promise<number> {
  const set = limitsSetFrom(options)
  if (Object.keys(set).length > 0) {
    try {
      await folderSettingsStore(dataDir).update(set).saved
    } catch (failure) {
      err(`error: ${failure instanceof Error ? failure.message : String(failure)}`)
      return EXIT.failed
    }
  }
  const records = await readJournalOnDisk(join(dataDir, 'live'))
  return printLimits(standingOf(records, folderLimits(dataDir), Date.now()), out)
}
