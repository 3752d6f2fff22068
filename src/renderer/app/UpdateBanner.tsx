// A downloaded, verified update waiting for the app to quit: which version, what is new,
// and a button to restart into it now. "Later" hides it until the next version.
import { useState } from 'react'
import { call } from '../api/client'
import { toast } from '../stores/toasts'
import { Button } from '../ui/Button'
import { useTranslation } from '../i18n/page-i18n'
import { useUpdateStatus } from '../components/updates/use-update-status'

export function UpdateBanner() {
  const { t } = useTranslation()
  const [status] = useUpdateStatus()
  const [hiddenFor, setHiddenFor] = useState<string | null>(null)
  const [restarting, setRestarting] = useState(false)
  if (status?.state !== 'ready' || !status.version || hiddenFor === status.version) return null
  const version = status.version
  const restart = async () => {
    setRestarting(true)
    // On success the app quits; an answer means it could not.
    const r = await call('updates.restart', {})
    if (!r.ok) {
      setRestarting(false)
      toast.error(r.error.message)
    }
  }
  return (
    <div className="banner banner-update" role="status" data-testid="update-banner">
      <div className="banner-update-text">
        <span>{t('updates:banner.ready', { version })}</span>
        {status.releaseNotes ? (
          <details className="update-notes">
            <summary>{t('updates:banner.whatsNew')}</summary>
            <p data-testid="update-notes" translate="no">{status.releaseNotes}</p>
          </details>
        ) : null}
      </div>
      <div className="banner-actions">
        <Button size="sm" variant="primary" busy={restarting} onClick={() => void restart()} data-testid="update-restart">
          {t('updates:banner.restart')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setHiddenFor(version)} data-testid="update-later">
          {t('updates:banner.later')}
        </Button>
      </div>
    </div>
  )
}
