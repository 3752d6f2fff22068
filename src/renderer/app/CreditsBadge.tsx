import { useApp } from '../stores/app'
import { Trans, useTranslation } from '../i18n/page-i18n'

export function CreditsBadge() {
  const { t } = useTranslation()
  const credits = useApp((s) => s.credits)
  const team = useApp((s) => s.me?.team?.name)
  const error = useApp((s) => s.accountError)
  const mode = useApp((s) => s.info?.mode)
  return (
    <div className="credits" data-testid="credits">
      {/* A team's name is the user's own. */}
      <div className="credits-label" translate={team ? 'no' : undefined}>
        {team ?? t('shell:credits.label')}
      </div>
      <div className="credits-value" data-testid="credits-value">
        {credits === null ? (
          error ? t('shell:credits.unavailable') : '…'
        ) : (
          <Trans t={t} i18nKey="shell:credits.value" values={{ count: credits }} components={{ unit: <span className="credits-unit" /> }} />
        )}
      </div>
      <div className={`mode-pill mode-${mode ?? 'unknown'}`}>{mode === 'demo' ? t('shell:mode.demo') : mode === 'live' ? t('shell:mode.live') : ' '}</div>
    </div>
  )
}
