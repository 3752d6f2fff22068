// `cli limits`: shows the spending limits the command line's `submit` is held to, with
// what its jobs used of them today and this month, and sets them (`off` clears one). They
// are kept in the data folder's settings; the sums come from the journal, read as it is on
// disk, so it needs no key and runs beside a process that owns the folder.
import { join } from 'node:path'
import { creditLimitSchema, creditsLeft, limitsOf, type SpendStanding } from '../../shared/app/spend-limits'
import type { SettingsPatch } from '../../shared/app/settings'
import { readJournalOnDisk } from '../core/jobs/journal-on-disk'
import { standingOf } from '../core/jobs/spend-ledger'
import { str, UsageError } from './args'
import { cliSettingsStore } from './engine-from-args'
import { EXIT } from './exit-codes'

type Out = (line: string) => void

/** Each option and the settings field it sets. */
const OPTIONS = { daily: 'dailyCreditLimit', monthly: 'monthlyCreditLimit', 'ask-above': 'askAboveCredits' } as const

function limitValue(flag: string, text: string): number | null {
  if (text.trim().toLowerCase() === 'off') return null
  const parsed = creditLimitSchema.safeParse(/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN)
  if (!parsed.success) throw new UsageError(`--${flag}: must be a whole number of credits (0 or more) or off (got '${text}')`)
  return parsed.data
}

function patchFrom(options: Record<string, string | boolean>): SettingsPatch {
  const patch: SettingsPatch = {}
  for (const [flag, field] of Object.entries(OPTIONS)) {
    const text = str(options, flag)
    if (text !== undefined) patch[field] = limitValue(flag, text)
  }
  return patch
}

const credits = (n: number) => n.toLocaleString('en-US')

/** The lines `limits` prints. */
function limitLines(s: SpendStanding, timeZone: string): string[] {
  const limit = (value: number | null, spent: number, when: string) =>
    value === null ? `off (${credits(spent)} spent ${when})` : `${credits(value)} credits (${credits(spent)} spent ${when}, ${credits(creditsLeft(value, spent)!)} left)`
  return [
    `daily limit:      ${limit(s.daily, s.spentToday, 'today')}`,
    `monthly limit:    ${limit(s.monthly, s.spentThisMonth, 'this month')}`,
    `ask first above:  ${s.askAbove === null ? 'off' : `${credits(s.askAbove)} credits (submit then needs --yes)`}`,
    `Days start at local midnight and months on the 1st (time zone ${timeZone}).`
  ]
}

export async function limitsCommand(dataDir: string, options: Record<string, string | boolean>, out: Out, err: Out): Promise<number> {
  const patch = patchFrom(options)
  const settings = cliSettingsStore(dataDir)
  if (Object.keys(patch).length > 0) {
    try {
      await settings.update(patch).saved
    } catch (failure) {
      err(`error: ${failure instanceof Error ? failure.message : String(failure)}`)
      return EXIT.failed
    }
  }
  const records = await readJournalOnDisk(join(dataDir, 'live'))
  const standing = standingOf(records, limitsOf(settings.get()), Date.now())
  for (const line of limitLines(standing, Intl.DateTimeFormat().resolvedOptions().timeZone)) out(line)
  return EXIT.ok
}
