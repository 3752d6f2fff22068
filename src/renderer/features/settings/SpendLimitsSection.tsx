// Spending limits: credits this app's jobs may take a day and a month, and a threshold
// above which a send asks first. Main holds every send to them (the command line's too,
// with its own limits); an empty box means no limit.
import { useTranslation } from '../../i18n/page-i18n'
import { useSpendLimits } from '../../stores/spend-limits'
import { Button } from '../../ui/Button'
import { NumberSetting } from './SettingField'
import { useSettingsSection } from './use-settings-section'

const KEYS = ['dailyCreditLimit', 'monthlyCreditLimit', 'askAboveCredits'] as const
const MAX = 1_000_000_000

/** An empty box clears the limit. */
const limitOf = (v: number | string | undefined) => (v === undefined ? null : v)

export function SpendLimitsSection() {
  const { t } = useTranslation()
  const s = useSettingsSection(KEYS)
  const valid = Object.keys(s.details).length === 0
  const save = async () => {
    await s.save()
    void useSpendLimits.getState().load()
  }
  return (
    <section className="card settings-section" aria-labelledby="settings-limits">
      <h2 className="card-title" id="settings-limits">
        {t('settings:limits.title')}
      </h2>
      <div className="param-grid">
        <NumberSetting id="set-daily-limit" label={t('settings:limits.daily')} path="dailyCreditLimit" min={0} max={MAX} integer value={s.values.dailyCreditLimit} onChange={(v) => s.set('dailyCreditLimit', limitOf(v))} details={s.details} hint={t('settings:limits.dailyHint')} />
        <NumberSetting id="set-monthly-limit" label={t('settings:limits.monthly')} path="monthlyCreditLimit" min={0} max={MAX} integer value={s.values.monthlyCreditLimit} onChange={(v) => s.set('monthlyCreditLimit', limitOf(v))} details={s.details} hint={t('settings:limits.monthlyHint')} />
        <NumberSetting id="set-ask-above" label={t('settings:limits.ask')} path="askAboveCredits" min={0} max={MAX} integer value={s.values.askAboveCredits} onChange={(v) => s.set('askAboveCredits', limitOf(v))} details={s.details} hint={t('settings:limits.askHint')} />
      </div>
      <p className="settings-note">{t('settings:limits.note')}</p>
      <div className="form-actions">
        <Button variant="primary" disabled={!s.dirty || !valid} busy={s.saving} onClick={() => void save()} data-testid="save-limits">
          {t('common:actions.save')}
        </Button>
      </div>
    </section>
  )
}
