// Webhook health: where the service is told to call, the last delivery that came, how
// many were refused for their signature, and a check that calls the public URL and sees
// the request arrive at the listener (the whole path a delivery takes, tunnel included).
import { useEffect } from 'react'
import type { WebhookHealth } from '../../../shared/app/webhook-health'
import { formatNumber } from '../../format/numbers'
import { formatRelative } from '../../format/dates'
import { useTranslation } from '../../i18n/page-i18n'
import { useApp } from '../../stores/app'
import { useWebhookHealth } from '../../stores/webhook-health'
import { Button } from '../../ui/Button'

const MODE_KEYS = {
  off: 'settings:webhooks.mode.off',
  local: 'settings:webhooks.mode.local',
  public: 'settings:webhooks.mode.public'
} as const satisfies Record<WebhookHealth['mode'], string>

export function WebhookHealthSection() {
  const { t } = useTranslation()
  // Read again whenever the engine restarts (a new URL or port).
  const info = useApp((s) => s.info)
  const { health, error, check, checking, refresh, runCheck } = useWebhookHealth()
  useEffect(() => {
    void useWebhookHealth.getState().refresh()
  }, [info])

  return (
    <section className="card settings-section" aria-labelledby="settings-webhooks">
      <h2 className="card-title" id="settings-webhooks">
        {t('settings:webhooks.title')}
      </h2>
      {error ? <p className="notice notice-danger">{t('settings:webhooks.readFailed', { reason: error })}</p> : null}
      {health ? (
        <dl className="account-facts" data-testid="webhook-health">
          <dt>{t('settings:webhooks.webhooks')}</dt>
          <dd>{t(MODE_KEYS[health.mode])}</dd>
          {health.url ? (
            <>
              <dt>{t('settings:webhooks.address')}</dt>
              <dd>
                <code translate="no">{health.url}</code>
              </dd>
            </>
          ) : null}
          <dt>{t('settings:webhooks.lastDelivery')}</dt>
          <dd>{health.lastDeliveryAt ? formatRelative(health.lastDeliveryAt) : t('settings:webhooks.noDelivery')}</dd>
          <dt>{t('settings:webhooks.received')}</dt>
          <dd>{formatNumber(health.received)}</dd>
          <dt>{t('settings:webhooks.rejected')}</dt>
          <dd data-testid="webhook-rejected">{formatNumber(health.rejected)}</dd>
        </dl>
      ) : null}
      {check ? (
        <p className={`notice ${check.ok ? 'notice-success' : 'notice-warning'}`} role="status" data-testid="webhook-check-result">
          {check.message}
        </p>
      ) : null}
      <div className="form-actions">
        <Button onClick={() => void refresh()} data-testid="webhook-refresh">
          {t('common:actions.refresh')}
        </Button>
        <Button variant="primary" busy={checking} disabled={health?.mode === 'off'} onClick={() => void runCheck()} data-testid="webhook-check">
          {t('settings:webhooks.check')}
        </Button>
      </div>
    </section>
  )
}
