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
import { useTranslation } from '../../i18n/page-i18n'
import { AccountStatus } from './AccountStatus'

/** How the service's keys begin: an example, the same in every language. */
const KEY_PLACEHOLDER = 'mgk_…'

export function ApiKeySection() {
  const { t } = useTranslation()
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
    if (r.data.connection.state === 'connected') toast.success(t('settings:key.connectedToast'))
  }
  const clear = async () => {
    setBusy('clear')
    const r = await call('key.clear', {})
    setBusy(null)
    setConfirmClear(false)
    if (!r.ok) return toast.error(r.error.message)
    applyAppInfo(r.data)
    toast.info(t('settings:key.removedToast'))
  }

  return (
    <section className="card settings-section" aria-labelledby="settings-key">
      <h2 className="card-title" id="settings-key">
        {t('settings:account.title')}
      </h2>
      {info ? <AccountStatus info={info} /> : null}
      {info?.keyProtection === 'basic_text' ? (
        <p className="notice notice-warning" data-testid="key-protection-warning" role="alert">
          {t('settings:key.noKeyring')}
        </p>
      ) : null}
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (key.trim()) void save()
        }}
      >
        <Field label={info?.keySet ? t('settings:key.replace') : t('settings:key.label')} htmlFor="api-key" errors={error.length ? [{ path: 'apiKey', messages: error }] : []} hint={t('settings:key.hint')}>
          <div className="input-row">
            <TextInput id="api-key" type="password" autoComplete="off" spellCheck={false} data-testid="api-key-input" value={key} onChange={(e) => setKey(e.target.value)} placeholder={KEY_PLACEHOLDER} translate="no" />
            <Button type="submit" variant="primary" busy={busy === 'set'} disabled={key.trim() === ''} data-testid="api-key-save">
              {t('settings:key.save')}
            </Button>
          </div>
        </Field>
      </form>
      {info?.keySet ? (
        <div className="form-actions">
          {confirmClear ? (
            <>
              <span>{t('settings:key.confirmRemove')}</span>
              <Button variant="danger" busy={busy === 'clear'} onClick={() => void clear()} data-testid="api-key-clear-confirm">
                {t('settings:key.remove')}
              </Button>
              <Button variant="ghost" onClick={() => setConfirmClear(false)}>
                {t('settings:key.keep')}
              </Button>
            </>
          ) : (
            <Button variant="ghost" onClick={() => setConfirmClear(true)} data-testid="api-key-clear">
              {t('settings:key.clear')}
            </Button>
          )}
        </div>
      ) : null}
    </section>
  )
}
