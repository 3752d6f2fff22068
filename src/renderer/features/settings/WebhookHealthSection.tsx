// Webhook health: where the service is told to call, the last delivery that came, how
// many were refused for their signature, and a check that calls the public URL and sees
// the request arrive at the listener (the whole path a delivery takes, tunnel included).
import { useEffect } from 'react'
import type { WebhookHealth } from '../../../shared/app/webhook-health'
import { formatRelative } from '../../format/dates'
import { useApp } from '../../stores/app'
import { useWebhookHealth } from '../../stores/webhook-health'
import { Button } from '../../ui/Button'

const MODE: Record<WebhookHealth['mode'], string> = {
  off: 'Off: the app polls for results',
  local: 'On, local (demo service)',
  public: 'On, through the public URL'
}

export function WebhookHealthSection() {
  // Read again whenever the engine restarts (a new URL or port).
  const info = useApp((s) => s.info)
  const { health, error, check, checking, refresh, runCheck } = useWebhookHealth()
  useEffect(() => {
    void useWebhookHealth.getState().refresh()
  }, [info])

  return (
    <section className="card settings-section" aria-labelledby="settings-webhooks">
      <h2 className="card-title" id="settings-webhooks">
        Webhook health
      </h2>
      {error ? <p className="notice notice-danger">Could not read the webhook state: {error}</p> : null}
      {health ? (
        <dl className="account-facts" data-testid="webhook-health">
          <dt>Webhooks</dt>
          <dd>{MODE[health.mode]}</dd>
          {health.url ? (
            <>
              <dt>Address</dt>
              <dd>
                <code>{health.url}</code>
              </dd>
            </>
          ) : null}
          <dt>Last delivery</dt>
          <dd>{health.lastDeliveryAt ? formatRelative(health.lastDeliveryAt) : 'None since the app started'}</dd>
          <dt>Received</dt>
          <dd>{health.received}</dd>
          <dt>Rejected signatures</dt>
          <dd data-testid="webhook-rejected">{health.rejected}</dd>
        </dl>
      ) : null}
      {check ? (
        <p className={`notice ${check.ok ? 'notice-success' : 'notice-warning'}`} role="status" data-testid="webhook-check-result">
          {check.message}
        </p>
      ) : null}
      <div className="form-actions">
        <Button onClick={() => void refresh()} data-testid="webhook-refresh">
          Refresh
        </Button>
        <Button variant="primary" busy={checking} disabled={health?.mode === 'off'} onClick={() => void runCheck()} data-testid="webhook-check">
          Check the webhook path
        </Button>
      </div>
    </section>
  )
}
