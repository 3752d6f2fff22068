import { useAccount } from '../../stores/account'
import { useAppInfo } from '../../stores/app-info'
import { formatNumber } from '../../format/numbers'

export function CreditsBadge() {
  const credits = useAccount((s) => s.credits)
  const team = useAccount((s) => s.me?.team?.name)
  const error = useAccount((s) => s.error)
  const mode = useAppInfo((s) => s.info?.mode)
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
