// How outputs are saved: the CDN's retention (which orders downloads by deadline) and how
// many run at once. (Notifications have a section of their own.)
import { useTranslation } from '../../i18n/page-i18n'
import { Button } from '../../ui/Button'
import { NumberSetting } from './SettingField'
import { useSettingsSection } from './use-settings-section'

const KEYS = ['cdnRetentionHours', 'maxConcurrentDownloads'] as const

export function DownloadsSection() {
  const { t } = useTranslation()
  const s = useSettingsSection(KEYS)
  const valid = Object.keys(s.details).length === 0
  return (
    <section className="card settings-section" aria-labelledby="settings-downloads">
      <h2 className="card-title" id="settings-downloads">
        {t('settings:downloads.title')}
      </h2>
      <div className="param-grid">
        <NumberSetting id="set-retention" label={t('settings:downloads.retention')} path="cdnRetentionHours" min={0.01} max={720} value={s.values.cdnRetentionHours} onChange={(v) => s.set('cdnRetentionHours', v)} details={s.details} hint={t('settings:downloads.retentionHint')} />
        <NumberSetting id="set-concurrency" label={t('settings:downloads.concurrency')} path="maxConcurrentDownloads" min={1} max={16} integer value={s.values.maxConcurrentDownloads} onChange={(v) => s.set('maxConcurrentDownloads', v)} details={s.details} />
      </div>
      <div className="form-actions">
        <Button variant="primary" disabled={!s.dirty || !valid} busy={s.saving} onClick={() => void s.save()} data-testid="save-downloads">
          {t('common:actions.save')}
        </Button>
      </div>
    </section>
  )
}
