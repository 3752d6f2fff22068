// Cost, balance, what still blocks the request, and the Submit button.
import type { ReactNode } from 'react'
import type { ValidationDetails } from '../../../shared/api'
import { formatCredits } from '../../format/numbers'
import { labelFor } from '../../forms/field-labels'
import { problemText } from '../../forms/problem-text'
import { readablePath } from '../../forms/field-errors'
import { Trans, useTranslation } from '../../i18n/page-i18n'
import { useApp } from '../../stores/app'
import { Button } from '../../ui/Button'
import { LimitsLines } from '../spend-limits/LimitsLines'
import { askOnFirstSend } from '../notifications/browser-notifications'
import { CopyApiRequest } from './CopyApiRequest'
import { shortfall } from './shortfall'
import type { Estimate } from './use-estimate'

interface SubmitPanelProps {
  estimate: Estimate
  valid: boolean
  details: ValidationDetails
  /** True when some problem is already shown next to its field (the list turns red). */
  shownProblems?: boolean
  busy: boolean
  onSubmit(): void
  label?: string
  /** What the price is of, when it is more than one job (a batch, a matrix). */
  costLabel?: string
  /** Controls that shape what the button sends (Create's × N), below it. */
  children?: ReactNode
  /** The request as it would be sent, offered as a curl command; the button shows when given. */
  requestBody?: Record<string, unknown> | null
}

const mod = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform) ? '⌘' : 'Ctrl'

export function SubmitPanel(props: SubmitPanelProps) {
  const { t } = useTranslation()
  const { estimate, valid, details, shownProblems = false, busy, onSubmit, label = t('create:submit.generate'), costLabel = t('create:submit.estimatedCost'), children, requestBody } = props
  const credits = useApp((s) => s.credits)
  const problems = Object.entries(details)
  const cost = estimate.state === 'ready' ? estimate.credits : null
  const short = shortfall(estimate, credits)

  return (
    <section className="card submit-panel" aria-label={t('create:submit.label')}>
      {/* The button comes first: prices and problems below it change as the user types,
          and must never move it from under a click. */}
      <Button
        variant="primary"
        size="lg"
        className="submit-btn"
        data-testid="submit-job"
        disabled={!valid || short !== null}
        busy={busy}
        onClick={() => {
          // The first Generate is where a browser may be asked to show notifications: from the user's own click.
          askOnFirstSend()
          onSubmit()
        }}
        aria-describedby={short ? 'submit-short' : undefined}
      >
        {label}
      </Button>
      {children}
      {short ? (
        <p className="notice notice-warning" id="submit-short" data-testid="cost-short">
          {t(props.costLabel === undefined ? 'create:submit.shortOne' : 'create:submit.shortMany', { cost: formatCredits(short.cost), credits: formatCredits(short.credits) })}
        </p>
      ) : null}
      <div className="shortcut-hint">
        <Trans t={t} i18nKey="create:submit.shortcut" components={{ mod: <kbd>{mod}</kbd>, enter: <kbd>Enter</kbd> }} />
      </div>
      {requestBody !== undefined ? <CopyApiRequest body={valid ? requestBody : null} /> : null}
      <dl className="cost-lines">
        <div className="cost-line">
          <dt data-testid="cost-label">{costLabel}</dt>
          <dd data-testid="cost-estimate" aria-live="polite">
            {estimate.state === 'ready' ? (
              cost === null ? t('create:submit.unavailable') : <strong>{formatCredits(cost)}</strong>
            ) : estimate.state === 'loading' ? (
              t('create:submit.pricing')
            ) : estimate.state === 'error' ? (
              <span className="text-warning">{estimate.message}</span>
            ) : (
              '—'
            )}
          </dd>
          {/* A second description of the cost, inside its group: a list of terms holds no bare text. */}
          {estimate.state === 'ready' && estimate.explanation ? <dd className="cost-explain" data-testid="cost-breakdown">{estimate.explanation}</dd> : null}
        </div>
        <div className="cost-line">
          <dt>{t('create:submit.balance')}</dt>
          <dd data-testid="credits-balance">{credits === null ? '—' : formatCredits(credits)}</dd>
        </div>
        <LimitsLines cost={cost} />
      </dl>
      {problems.length > 0 ? (
        <ul className={`problems${shownProblems ? ' has-shown' : ''}`} data-testid="form-problems" aria-label={t('create:submit.problems')}>
          {problems.slice(0, 6).map(([path, messages]) => (
            <li key={path}>
              <span className="problem-path">{readablePath(path, labelFor)}</span> {messages.map(problemText).join('; ')}
            </li>
          ))}
          {problems.length > 6 ? <li className="muted">{t('create:submit.moreProblems', { count: problems.length - 6 })}</li> : null}
        </ul>
      ) : null}
    </section>
  )
}
