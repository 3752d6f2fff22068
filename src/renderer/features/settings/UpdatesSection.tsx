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
import { useUpdateStatus } from '../../components/updates/use-update-status'

const STRINGS = {
  title: 'Updates',
  auto: 'Check for updates automatically',
  autoHint: 'At start and once a day. A new version downloads in the background, is verified, and installs when you quit.',
  on: 'On',
  off: 'Off',
  checkNow: 'Check now',
  idle: (current: string) => `Version ${current}. Not checked yet.`,
  checking: 'Checking for updates…',
  upToDate: (current: string, when: string) => `MediaGen Studio ${current} is up to date (checked ${when}).`,
  downloading: (version: string) => `Downloading version ${version}…`,
  ready: (version: string) => `Version ${version} is ready. It will be installed when you quit.`
}

function describeStatus(status: UpdateStatus): string {
  switch (status.state) {
    case 'idle':
      return STRINGS.idle(status.currentVersion)
    case 'checking':
      return STRINGS.checking
    case 'up-to-date':
      return STRINGS.upToDate(status.currentVersion, formatDateTime(status.checkedAt))
    case 'downloading':
      return STRINGS.downloading(status.version ?? '')
    case 'ready':
      return STRINGS.ready(status.version ?? '')
    default:
      return status.message ?? ''
  }
}

export function UpdatesSection() {
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
        {STRINGS.title}
      </h2>
      {status.state === 'unsupported' ? (
        <p className="settings-note">{status.message}</p>
      ) : (
        <>
          <Field label={STRINGS.auto} htmlFor="set-auto-update" className="field-toggle" hint={STRINGS.autoHint}>
            <Toggle id="set-auto-update" checked={autoUpdate === true} disabled={autoUpdate === undefined} onChange={(on) => void toggle(on)} label={autoUpdate ? STRINGS.on : STRINGS.off} />
          </Field>
          <p className="settings-note" role="status" data-testid="update-status" data-state={status.state}>
            {describeStatus(status)}
          </p>
          <div className="form-actions">
            <Button busy={asking || status.state === 'checking'} disabled={status.state === 'downloading'} onClick={() => void checkNow()} data-testid="update-check">
              {STRINGS.checkNow}
            </Button>
          </div>
        </>
      )}
    </section>
  )
}
