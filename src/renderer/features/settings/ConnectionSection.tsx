// Where the service lives, and how it reaches the app's webhook listener.
import { Trans, useTranslation } from '../../i18n/page-i18n'
import { Button } from '../../ui/Button'
import { NumberSetting, UrlSetting } from './SettingField'
import { useSettingsSection } from './use-settings-section'
import { tunnelPortLabel, webhookPortDetails } from './webhook-port'

const KEYS = ['baseUrl', 'legacyBaseUrl', 'publicWebhookUrl', 'webhookPort'] as const

export function ConnectionSection() {
  const { t } = useTranslation()
  const s = useSettingsSection(KEYS)
  const details = { ...s.details, ...webhookPortDetails(s.values.webhookPort) }
  const valid = Object.keys(details).length === 0
  const port = tunnelPortLabel(s.values.webhookPort)
  return (
    <section className="card settings-section" aria-labelledby="settings-connection">
      <h2 className="card-title" id="settings-connection">
        {t('settings:service.title')}
      </h2>
      <div className="param-grid two-col">
        <UrlSetting id="set-base" label={t('settings:service.baseUrl')} path="baseUrl" value={s.values.baseUrl} onChange={(v) => s.set('baseUrl', v)} details={details} placeholder="https://api.example.com" hint={t('settings:service.baseUrlHint')} />
        <UrlSetting id="set-legacy" label={t('settings:service.legacyBaseUrl')} path="legacyBaseUrl" value={s.values.legacyBaseUrl} onChange={(v) => s.set('legacyBaseUrl', v)} details={details} placeholder="https://legacy.example.com" hint={t('settings:service.legacyBaseUrlHint')} />
      </div>
      <div className="webhook-row">
        <UrlSetting
          id="set-webhook"
          label={t('settings:service.webhookUrl')}
          path="publicWebhookUrl"
          value={s.values.publicWebhookUrl}
          onChange={(v) => s.set('publicWebhookUrl', v)}
          details={details}
          placeholder="https://my-tunnel.example.com"
          hint={t('settings:service.webhookUrlHint')}
        />
        <NumberSetting
          id="set-webhook-port"
          label={t('settings:service.webhookPort')}
          path="webhookPort"
          min={0}
          max={65535}
          integer
          value={s.values.webhookPort}
          // An emptied box is kept as text so it fails validation instead of saving nothing.
          onChange={(v) => s.set('webhookPort', v ?? '')}
          details={details}
          hint={t('settings:service.webhookPortHint')}
        />
      </div>
      <p className="settings-note" data-testid="webhook-port-note">
        <Trans t={t} i18nKey="settings:service.tunnelNote" components={{ address: <code translate="no">{`http://127.0.0.1:${port}`}</code> }} />
      </p>
      <div className="form-actions">
        <Button variant="primary" disabled={!s.dirty || !valid} busy={s.saving} onClick={() => void s.save()} data-testid="save-connection">
          {t('common:actions.save')}
        </Button>
      </div>
    </section>
  )
}
