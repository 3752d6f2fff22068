// Where the service lives, and how it reaches the app's webhook listener.
import { Button } from '../../ui/Button'
import { NumberSetting, UrlSetting } from './SettingField'
import { useSettingsSection } from './use-settings-section'
import { tunnelPortLabel, webhookPortDetails } from './webhook-port'

const KEYS = ['baseUrl', 'legacyBaseUrl', 'publicWebhookUrl', 'webhookPort'] as const

export function ConnectionSection() {
  const s = useSettingsSection(KEYS)
  const details = { ...s.details, ...webhookPortDetails(s.values.webhookPort) }
  const valid = Object.keys(details).length === 0
  const port = tunnelPortLabel(s.values.webhookPort)
  return (
    <section className="card settings-section" aria-labelledby="settings-connection">
      <h2 className="card-title" id="settings-connection">
        Service
      </h2>
      <div className="param-grid two-col">
        <UrlSetting id="set-base" label="Base URL" path="baseUrl" value={s.values.baseUrl} onChange={(v) => s.set('baseUrl', v)} details={details} placeholder="https://api.example.com" hint="The service’s address. Used with an API key." />
        <UrlSetting id="set-legacy" label="Legacy base URL" path="legacyBaseUrl" value={s.values.legacyBaseUrl} onChange={(v) => s.set('legacyBaseUrl', v)} details={details} placeholder="https://legacy.example.com" hint="Only for Legacy video." />
      </div>
      <div className="webhook-row">
        <UrlSetting
          id="set-webhook"
          label="Public webhook URL"
          path="publicWebhookUrl"
          value={s.values.publicWebhookUrl}
          onChange={(v) => s.set('publicWebhookUrl', v)}
          details={details}
          placeholder="https://my-tunnel.example.com"
          hint="Optional. Without it the app polls for results — slower, but nothing is missed."
        />
        <NumberSetting
          id="set-webhook-port"
          label="Webhook port"
          path="webhookPort"
          min={0}
          max={65535}
          integer
          value={s.values.webhookPort}
          // An emptied box is kept as text so it fails validation instead of saving nothing.
          onChange={(v) => s.set('webhookPort', v ?? '')}
          details={details}
          hint="0 = any free port."
        />
      </div>
      <p className="settings-note" data-testid="webhook-port-note">
        The service only calls public addresses: run a tunnel (e.g. cloudflared or ngrok) that forwards to <code>http://127.0.0.1:{port}</code>, and
        give the port a fixed value (e.g. 8790) so the tunnel keeps working after a restart.
      </p>
      <div className="form-actions">
        <Button variant="primary" disabled={!s.dirty || !valid} busy={s.saving} onClick={() => void s.save()} data-testid="save-connection">
          Save
        </Button>
      </div>
    </section>
  )
}
