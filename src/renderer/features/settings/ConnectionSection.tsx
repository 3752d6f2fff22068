// Where the service lives, and how it reaches the app's webhook listener.
import { Button } from '../../ui/Button'
import { UrlSetting } from './SettingField'
import { useSettingsSection } from './use-settings-section'

const KEYS = ['baseUrl', 'legacyBaseUrl', 'publicWebhookUrl'] as const

export function ConnectionSection() {
  const s = useSettingsSection(KEYS)
  const valid = Object.keys(s.details).length === 0
  return (
    <section className="card settings-section" aria-labelledby="settings-connection">
      <h2 className="card-title" id="settings-connection">
        Service
      </h2>
      <div className="param-grid two-col">
        <UrlSetting id="set-base" label="Base URL" path="baseUrl" value={s.values.baseUrl} onChange={(v) => s.set('baseUrl', v)} details={s.details} placeholder="https://api.example.com" hint="The service’s address. Used with an API key." />
        <UrlSetting id="set-legacy" label="Legacy base URL" path="legacyBaseUrl" value={s.values.legacyBaseUrl} onChange={(v) => s.set('legacyBaseUrl', v)} details={s.details} placeholder="https://legacy.example.com" hint="Only for Legacy video." />
      </div>
      <UrlSetting
        id="set-webhook"
        label="Public webhook URL"
        path="publicWebhookUrl"
        value={s.values.publicWebhookUrl}
        onChange={(v) => s.set('publicWebhookUrl', v)}
        details={s.details}
        placeholder="https://my-tunnel.example.com"
        hint={
          <>
            Optional. The service only calls public addresses, so to get instant updates run a tunnel (for example cloudflared or ngrok) to the app’s
            local listener and paste its public URL here. Without one, the app checks on jobs by polling — slower, but nothing is missed.
          </>
        }
      />
      <div className="form-actions">
        <Button variant="primary" disabled={!s.dirty || !valid} busy={s.saving} onClick={() => void s.save()} data-testid="save-connection">
          Save
        </Button>
      </div>
    </section>
  )
}
