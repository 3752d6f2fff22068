// Where the account stands, as the engine last heard it from the service. 'Connected'
// appears only once the service accepted the key, with who the key belongs to; a
// rejected key or an unreachable service is said here and nowhere else in Settings, and
// so is a key that must be entered again because the service's address changed.
import type { AppInfo } from '../../../shared/app/settings'
import { formatCredits } from '../../format/numbers'
import { useApp } from '../../stores/app'

export function AccountStatus({ info }: { info: AppInfo }) {
  const me = useApp((s) => s.me)
  const credits = useApp((s) => s.credits)
  if (!info.keySet && info.keyNeeded) {
    // The key given was for another address: it is not used here until one is entered.
    return (
      <p className="key-status" data-testid="key-status" role="alert">
        <span className="chip chip-warning">
          <span className="chip-dot" aria-hidden="true" />
          Key needed
        </span>{' '}
        <span className="muted">{info.keyNeeded}. Until then the app runs its built-in demo service.</span>
      </p>
    )
  }
  if (!info.keySet) {
    return (
      <p className="key-status" data-testid="key-status">
        <span className="muted">No key set: the app runs its built-in demo service and outputs are simulated.</span>
      </p>
    )
  }
  const last4 = `…${info.keyLast4 ?? ''}`
  const { state, message } = info.connection
  if (state === 'connected') {
    return (
      <div className="key-status" data-testid="key-status">
        <p>
          <span className="chip chip-success">
            <span className="chip-dot" aria-hidden="true" />
            Connected
          </span>{' '}
          <span className="muted">to the live service with key {last4}.</span>
        </p>
        {me ? (
          <dl className="account-facts" data-testid="account-facts">
            <dt>Email</dt>
            <dd>{me.user.email}</dd>
            <dt>Team</dt>
            <dd>{me.team?.name ?? 'No team'}</dd>
            <dt>Plan</dt>
            <dd>{me.team?.plan ?? '—'}</dd>
            <dt>Credits</dt>
            <dd>{credits === null ? '—' : formatCredits(credits)}</dd>
          </dl>
        ) : null}
      </div>
    )
  }
  const tone = state === 'checking' || state === 'demo' ? 'chip-info' : state === 'rejected' ? 'chip-danger' : 'chip-warning'
  const label = { demo: 'Checking', checking: 'Checking', rejected: 'Key rejected', unreachable: 'Unreachable', failing: 'Service error' }[state]
  return (
    <p className="key-status" data-testid="key-status" role={state === 'checking' ? 'status' : 'alert'}>
      <span className={`chip ${tone}`}>
        <span className="chip-dot" aria-hidden="true" />
        {label}
      </span>{' '}
      <span className="muted">
        Key {last4}: {message ?? 'waiting for the service'}.
        {state === 'rejected' ? ' Paste a valid key below.' : state === 'checking' ? '' : ' Jobs wait until it is back.'}
      </span>
    </p>
  )
}
