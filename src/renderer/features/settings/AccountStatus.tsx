// Where the account stands, as the engine last heard it from the service. 'Connected'
// appears only once the service accepted the key, with who the key belongs to; a
// rejected key or an unreachable service is said here and nowhere else in Settings, and
// so is a key that must be entered again because the service's address changed.
import type { AppInfo, Connection } from '../../../shared/app/settings'
import { formatCredits } from '../../format/numbers'
import { useTranslation } from '../../i18n/page-i18n'
import { useApp } from '../../stores/app'

const PROBLEM_LABEL_KEYS = {
  demo: 'settings:account.state.checking',
  checking: 'settings:account.state.checking',
  rejected: 'settings:account.state.rejected',
  unreachable: 'settings:account.state.unreachable',
  failing: 'settings:account.state.failing'
} as const satisfies Record<Exclude<Connection['state'], 'connected'>, string>

export function AccountStatus({ info }: { info: AppInfo }) {
  const { t } = useTranslation()
  const me = useApp((s) => s.me)
  const credits = useApp((s) => s.credits)
  if (!info.keySet && info.keyNeeded) {
    // The key given was for another address: it is not used here until one is entered.
    return (
      <p className="key-status" data-testid="key-status" role="alert">
        <span className="chip chip-warning">
          <span className="chip-dot" aria-hidden="true" />
          {t('settings:account.state.keyNeeded')}
        </span>{' '}
        <span className="muted">{t('settings:account.keyNeeded', { reason: info.keyNeeded })}</span>
      </p>
    )
  }
  if (!info.keySet) {
    return (
      <p className="key-status" data-testid="key-status">
        <span className="muted">{t('settings:account.noKey')}</span>
      </p>
    )
  }
  const last4 = info.keyLast4 ?? ''
  const { state, message } = info.connection
  if (state === 'connected') {
    return (
      <div className="key-status" data-testid="key-status">
        <p>
          <span className="chip chip-success">
            <span className="chip-dot" aria-hidden="true" />
            {t('settings:account.state.connected')}
          </span>{' '}
          <span className="muted">{t('settings:account.connected', { last4 })}</span>
        </p>
        {me ? (
          <dl className="account-facts" data-testid="account-facts">
            <dt>{t('settings:account.email')}</dt>
            <dd translate="no">{me.user.email}</dd>
            <dt>{t('settings:account.team')}</dt>
            {me.team ? <dd translate="no">{me.team.name}</dd> : <dd>{t('settings:account.noTeam')}</dd>}
            <dt>{t('settings:account.plan')}</dt>
            <dd translate="no">{me.team?.plan ?? '—'}</dd>
            <dt>{t('settings:account.credits')}</dt>
            <dd>{credits === null ? '—' : formatCredits(credits)}</dd>
          </dl>
        ) : null}
      </div>
    )
  }
  const tone = state === 'checking' || state === 'demo' ? 'chip-info' : state === 'rejected' ? 'chip-danger' : 'chip-warning'
  return (
    <p className="key-status" data-testid="key-status" role={state === 'checking' ? 'status' : 'alert'}>
      <span className={`chip ${tone}`}>
        <span className="chip-dot" aria-hidden="true" />
        {t(PROBLEM_LABEL_KEYS[state])}
      </span>{' '}
      <span className="muted">
        {message === null ? t('settings:account.waiting', { last4, state }) : t('settings:account.problem', { last4, reason: message, state })}
      </span>
    </p>
  )
}
