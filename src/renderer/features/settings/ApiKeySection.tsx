// The API key: set or clear it. The key goes straight to the engine; the page keeps it
// only in the input until saved and afterwards knows just its last four characters.
import { useState } from 'react'
import { call, detailsOf } from '../../api/client'
import { useApp } from '../../stores/app'
import { applyAppInfo } from '../../stores/sync'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { TextInput } from '../../ui/TextInput'
import { AccountStatus } from './AccountStatus'

export function ApiKeySection() {
  const info = useApp((s) => s.info)
  const [key, setKey] = useState('')
  const [error, setError] = useState<string[]>([])
  const [busy, setBusy] = useState<'set' | 'clear' | null>(null)
  const [confirmClear, setConfirmClear] = useState(false)

  const save = async () => {
    setBusy('set')
    const r = await call('key.set', { apiKey: key })
    setBusy(null)
    if (!r.ok) {
      setError(detailsOf(r.error)?.apiKey ?? [r.error.message])
      return
    }
    setError([])
    setKey('')
    applyAppInfo(r.data)
    // The engine answers only once the service accepted the key, so this is true.
    if (r.data.connection.state === 'connected') toast.success('Connected to the live service')
  }
  const clear = async () => {
    setBusy('clear')
    const r = await call('key.clear', {})
    setBusy(null)
    setConfirmClear(false)
    if (!r.ok) return toast.error(r.error.message)
    applyAppInfo(r.data)
    toast.info('Key removed — back to demo mode')
  }

  return (
    <section className="card settings-section" aria-labelledby="settings-key">
      <h2 className="card-title" id="settings-key">
        Account
      </h2>
      {info ? <AccountStatus info={info} /> : null}
      {info?.keyProtection === 'basic_text' ? (
        <p className="notice notice-warning" data-testid="key-protection-warning" role="alert">
          Your key is stored without OS keyring protection. Anyone with access to your user account’s files could read it. Install and unlock a
          keyring (e.g. GNOME Keyring or KWallet) to protect it.
        </p>
      ) : null}
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (key.trim()) void save()
        }}
      >
        <Field label={info?.keySet ? 'Replace API key' : 'API key'} htmlFor="api-key" errors={error.length ? [{ path: 'apiKey', messages: error }] : []} hint="Create a key in your account dashboard. The app stores it; this page never shows it again.">
          <div className="input-row">
            <TextInput id="api-key" type="password" autoComplete="off" spellCheck={false} data-testid="api-key-input" value={key} onChange={(e) => setKey(e.target.value)} placeholder="mgk_…" />
            <Button type="submit" variant="primary" busy={busy === 'set'} disabled={key.trim() === ''} data-testid="api-key-save">
              Save key
            </Button>
          </div>
        </Field>
      </form>
      {info?.keySet ? (
        <div className="form-actions">
          {confirmClear ? (
            <>
              <span>Remove the key and return to demo mode?</span>
              <Button variant="danger" busy={busy === 'clear'} onClick={() => void clear()} data-testid="api-key-clear-confirm">
                Remove key
              </Button>
              <Button variant="ghost" onClick={() => setConfirmClear(false)}>
                Keep
              </Button>
            </>
          ) : (
            <Button variant="ghost" onClick={() => setConfirmClear(true)} data-testid="api-key-clear">
              Clear key…
            </Button>
          )}
        </div>
      ) : null}
    </section>
  )
}
