import { useApp } from '../stores/app'
import { formatNumber } from '../format/numbers'

export function CreditsBadge() {
  const credits = useApp((s) => s.credits)
  const team = useApp((s) => s.me?.team?.name)
  const error = useApp((s) => s.accountError)
  const mode = useApp((s) => s.info?.mode)
  return (
    <div className="credits" data-testid="credits">
      <div className="credits-label">{team ?? 'Credits'}</div>
      <div className="credits-value" data-testid="credits-value">
        {credits === null ? (
          error ? 'Unavailable' : '…'
        ) : (
          <>
            {formatNumber(credits)} <span className="credits-unit">credit{credits === 1 ? '' : 's'}</span>
          </>
        )}
      </div>
      <div className={`mode-pill mode-${mode ?? 'unknown'}`}>{mode === 'demo' ? 'Demo service' : mode === 'live' ? 'Live service' : ' '}</div>
    </div>
  )
}
