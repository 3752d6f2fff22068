// Spending limits: credits this app's jobs may take a day and a month, and a threshold
// above which a send asks first. Main holds every send to them (the command line's too,
// with its own limits); an empty box means no limit.
import { useSpendLimits } from '../../stores/spend-limits'
import { Button } from '../../ui/Button'
import { NumberSetting } from './SettingField'
import { useSettingsSection } from './use-settings-section'

const KEYS = ['dailyCreditLimit', 'monthlyCreditLimit', 'askAboveCredits'] as const
const MAX = 1_000_000_000

const TEXT = {
  title: 'Spending limits',
  daily: 'Daily limit (credits)',
  dailyHint: 'From local midnight to midnight. Empty: no limit.',
  monthly: 'Monthly limit (credits)',
  monthlyHint: 'From the 1st of the month, local time. Empty: no limit.',
  ask: 'Ask first above (credits)',
  askHint: 'A send that costs more asks before it goes. Empty: never ask.',
  note: 'A send that would pass a limit is refused whole, before anything is sent. Jobs count when they are sent, at their estimate until the service says what it charged; failed and cancelled jobs are given back.',
  save: 'Save'
}

/** An empty box clears the limit. */
const limitOf = (v: number | string | undefined) => (v === undefined ? null : v)

export function SpendLimitsSection() {
  const s = useSettingsSection(KEYS)
  const valid = Object.keys(s.details).length === 0
  const save = async () => {
    await s.save()
    void useSpendLimits.getState().load()
  }
  return (
    <section className="card settings-section" aria-labelledby="settings-limits">
      <h2 className="card-title" id="settings-limits">
        {TEXT.title}
      </h2>
      <div className="param-grid">
        <NumberSetting id="set-daily-limit" label={TEXT.daily} path="dailyCreditLimit" min={0} max={MAX} integer value={s.values.dailyCreditLimit} onChange={(v) => s.set('dailyCreditLimit', limitOf(v))} details={s.details} hint={TEXT.dailyHint} />
        <NumberSetting id="set-monthly-limit" label={TEXT.monthly} path="monthlyCreditLimit" min={0} max={MAX} integer value={s.values.monthlyCreditLimit} onChange={(v) => s.set('monthlyCreditLimit', limitOf(v))} details={s.details} hint={TEXT.monthlyHint} />
        <NumberSetting id="set-ask-above" label={TEXT.ask} path="askAboveCredits" min={0} max={MAX} integer value={s.values.askAboveCredits} onChange={(v) => s.set('askAboveCredits', limitOf(v))} details={s.details} hint={TEXT.askHint} />
      </div>
      <p className="settings-note">{TEXT.note}</p>
      <div className="form-actions">
        <Button variant="primary" disabled={!s.dirty || !valid} busy={s.saving} onClick={() => void save()} data-testid="save-limits">
          {TEXT.save}
        </Button>
      </div>
    </section>
  )
}
