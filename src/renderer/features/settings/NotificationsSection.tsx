// Settings → System notifications: all of them on or off, each kind (finished, failed, needs
// attention) on its own, and in a browser whether it may show them. Saved at each change,
// like the theme. Turning them on in a browser asks for its permission, from that click.
import { useState } from 'react'
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../shared/app/notifications'
import type { SettingsPatch } from '../../../shared/app/settings'
import { useTranslation } from '../../i18n/page-i18n'
import { useApp } from '../../stores/app'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { Toggle } from '../../ui/Toggle'
import { askPermission, browserPermission, type BrowserPermission } from '../../components/notifications/browser-notifications'

function BrowserPermissionNote({ permission, onAsk }: { permission: BrowserPermission; onAsk(): void }) {
  const { t } = useTranslation()
  return (
    <div className="settings-note" role="status" data-testid="notification-permission" data-permission={permission}>
      <p>{t(`settings:notifications.browser.${permission}`)}</p>
      {permission === 'default' ? (
        <div className="form-actions">
          <Button onClick={onAsk} data-testid="notification-allow">
            {t('settings:notifications.browser.allow')}
          </Button>
        </div>
      ) : null}
    </div>
  )
}

export function NotificationsSection() {
  const { t } = useTranslation()
  const platform = useApp((s) => s.info?.platform)
  const settings = useApp((s) => s.settings)
  const updateSettings = useApp((s) => s.updateSettings)
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission)
  if (!settings) return null
  const on = settings.notifications
  const save = async (patch: SettingsPatch) => {
    const r = await updateSettings(patch)
    if (!r.ok) toast.error(t('settings:notifications.saveFailed', { reason: r.error.message }))
  }
  // Asked from this click, while the browser still counts it as the user's own act.
  const ask = () => void askPermission().then(setPermission)
  const toggleAll = (next: boolean) => {
    if (next && platform === 'browser' && permission === 'default') ask()
    void save({ notifications: next })
  }
  const toggleKind = (kind: NotificationKind, next: boolean) => void save({ notificationKinds: { ...settings.notificationKinds, [kind]: next } })
  return (
    <section className="card settings-section" aria-labelledby="settings-notifications" data-testid="settings-notifications">
      <h2 className="card-title" id="settings-notifications">
        {t('settings:notifications.title')}
      </h2>
      <p className="settings-note">{t('settings:notifications.intro')}</p>
      <Field label={t('settings:notifications.master')} htmlFor="set-notify" className="field-toggle">
        <Toggle id="set-notify" checked={on} onChange={toggleAll} label={on ? t('common:toggle.on') : t('common:toggle.off')} />
      </Field>
      <div className="param-grid">
        {NOTIFICATION_KINDS.map((kind) => (
          <Field key={kind} label={t(`settings:notifications.kinds.${kind}.label`)} htmlFor={`set-notify-${kind}`} className="field-toggle" hint={t(`settings:notifications.kinds.${kind}.hint`)}>
            <Toggle id={`set-notify-${kind}`} checked={on && settings.notificationKinds[kind]} disabled={!on} onChange={(next) => toggleKind(kind, next)} label={on && settings.notificationKinds[kind] ? t('common:toggle.on') : t('common:toggle.off')} />
          </Field>
        ))}
      </div>
      {platform === 'browser' ? <BrowserPermissionNote permission={permission} onAsk={ask} /> : <p className="settings-note">{t('settings:notifications.taskbar')}</p>}
    </section>
  )
}
