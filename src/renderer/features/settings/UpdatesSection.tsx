// Settings → Updates (desktop app only): whether the app checks by itself, what the last
// check found, and "Check now". The toggle is saved at once, like the theme.
import { useState } from 'react'
import type { UpdateStatus } from '../../../shared/app/updates'
import { call } from '../../api/client'
import { formatDateTime } from '../../format/dates'
import { useApp } from '../../stores/app'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { Toggle } from '../../ui/Toggle'
import { useTranslation, type PageT } from '../../i18n/page-i18n'
import { useUpdateStatus } from '../../components/updates/use-update-status'

function describeStatus(status: UpdateStatus, t: PageT): string {
  switch (status.state) {
    case 'idle':
      return t('updates:status.idle', { current: status.currentVersion })
    case 'checking':
      return t('updates:status.checking')
    case 'up-to-date':
      return t('updates:status.upToDate', { current: status.currentVersion, when: formatDateTime(status.checkedAt) })
    case 'downloading':
      return t('updates:status.downloading', { version: status.version ?? '' })
    case 'ready':
      return t('updates:status.ready', { version: status.version ?? '' })
    default:
      return status.message ?? ''
  }
}

export function UpdatesSection() {
  const { t } = useTranslation()
  const platform = useApp((s) => s.info?.platform)
  const autoUpdate = useApp((s) => s.settings?.autoUpdate)
  const updateSettings = useApp((s) => s.updateSettings)
  const [status, setStatus] = useUpdateStatus()
  const [asking, setAsking] = useState(false)
  // Only the desktop app updates itself; in a browser there is nothing to show.
  if (platform !== 'electron' || !status) return null
  const toggle = async (on: boolean) => {
    const r = await updateSettings({ autoUpdate: on })
    if (!r.ok) toast.error(r.error.message)
  }
  const checkNow = async () => {
    setAsking(true)
    const r = await call('updates.check', {})
    setAsking(false)
    if (r.ok) setStatus(r.data)
    else toast.error(r.error.message)
  }
  return (
    <section className="card settings-section" aria-labelledby="settings-updates" data-testid="settings-updates">
      <h2 className="card-title" id="settings-updates">
        {t('updates:section.title')}
      </h2>
      {status.state === 'unsupported' ? (
        <p className="settings-note">{status.message}</p>
      ) : (
        <>
          <Field label={t('updates:section.auto')} htmlFor="set-auto-update" className="field-toggle" hint={t('updates:section.autoHint')}>
            <Toggle id="set-auto-update" checked={autoUpdate === true} disabled={autoUpdate === undefined} onChange={(on) => void toggle(on)} label={autoUpdate ? t('common:toggle.on') : t('common:toggle.off')} />
          </Field>
          <p className="settings-note" role="status" data-testid="update-status" data-state={status.state}>
            {describeStatus(status, t)}
          </p>
          <div className="form-actions">
            <Button busy={asking || status.state === 'checking'} disabled={status.state === 'downloading'} onClick={() => void checkNow()} data-testid="update-check">
              {t('updates:section.checkNow')}
            </Button>
          </div>
        </>
      )}
    </section>
  )
}
