// The menu of actions on one result: each with the model it runs on and its price, worked
// out before anything is sent, and its key. Vary region and Animate open their own page;
// the others send at once (the engine still asks first above the spending threshold).
import { Fragment } from 'react'
import { formatCredits } from '../../format/numbers'
import { useTranslation } from '../../i18n/page-i18n'
import { ACTION_KEYS, ariaKeys, keyLabel, type ActionKey, type ResultAction } from './action-keys'
import { planCredits, planAction, type ActionPlan, type ActionSource } from './result-plans'

/** The id of an action's row, which the dialog focuses when it opens on that action. */
export const actionRowId = (action: ResultAction) => `result-action-${action}`

export interface MenuRow {
  action: ResultAction
  plan: ActionPlan | null
  credits: number | null
}

/** Every action's plan and price for this result and prompt (Animate on its default model and duration). */
export function menuRows(source: ActionSource, prompt: string, animateWith: { model: string; duration: number } | undefined): MenuRow[] {
  return ACTION_KEYS.map(({ action }) => {
    if (action === 'use-as-input') return { action, plan: null, credits: null }
    const plan = planAction(action, source, animateWith)
    return { action, plan, credits: plan ? planCredits(plan, source, prompt) : null }
  })
}

function RowMeta({ row, source }: { row: MenuRow; source: ActionSource }) {
  const { t } = useTranslation()
  const { plan } = row
  if (row.action === 'use-as-input') return <span className="action-meta">{t('tools:actions.useAsInputMeta')}</span>
  if (!plan) return <span className="action-meta">{t('tools:actions.noModel')}</span>
  const canvas = plan.canvas ? t('tools:actions.canvas', { width: Math.round(plan.canvas.width), height: Math.round(plan.canvas.height) }) : null
  return (
    <span className="action-meta">
      <span translate="no">{plan.model.label}</span>
      {plan.switchedFrom ? <span data-testid="action-switched"> · {t('tools:actions.switched', { source: source.model })}</span> : null}
      {canvas ? <span> · {canvas}</span> : null}
    </span>
  )
}

interface ActionsMenuProps {
  rows: MenuRow[]
  source: ActionSource
  prompt: string
  onPrompt(prompt: string): void
  /** The action to show first, focused. */
  first: ResultAction | null
  busy: ResultAction | null
  onChoose(action: ResultAction): void
}

const GROUPS: ActionKey['group'][] = ['vary', 'reframe', 'finish', 'reuse']
/** Actions with a page of their own, where the prompt and price are settled. */
const OWN_PAGE: ResultAction[] = ['vary-region', 'animate']

export function ActionsMenu({ rows, source, prompt, onPrompt, first, busy, onChoose }: ActionsMenuProps) {
  const { t } = useTranslation()
  const needsPrompt = rows.some((r) => r.plan?.takesPrompt) && prompt.trim() === ''
  return (
    <div className="actions-menu" data-testid="actions-menu">
      <label className="field actions-prompt">
        <span className="field-label">{t('tools:actions.prompt')}</span>
        <textarea className="input" rows={2} value={prompt} onChange={(e) => onPrompt(e.target.value)} data-testid="actions-prompt" translate="no" />
        <span className="muted">{needsPrompt ? t('tools:actions.promptNeeded') : t('tools:actions.promptHint')}</span>
      </label>
      {GROUPS.map((group) => (
        <Fragment key={group}>
          <h3 className="actions-group">{t(`tools:actions.groups.${group}`)}</h3>
          <ul className="actions-list">
            {ACTION_KEYS.filter((k) => k.group === group).map((k) => {
              const row = rows.find((r) => r.action === k.action)!
              const usable = k.action === 'use-as-input' || (row.plan !== null && (row.credits !== null || OWN_PAGE.includes(k.action)))
              return (
                <li key={k.action}>
                  <button
                    type="button"
                    id={actionRowId(k.action)}
                    className={`action-row${k.action === first ? ' is-first' : ''}`}
                    disabled={!usable || busy !== null}
                    aria-busy={busy === k.action || undefined}
                    aria-keyshortcuts={ariaKeys(k)}
                    onClick={() => onChoose(k.action)}
                    data-testid={`action-${k.action}`}
                  >
                    <span className="action-label">{t(`tools:actions.names.${k.action}`)}</span>
                    <RowMeta row={row} source={source} />
                    <span className="action-price" data-testid="action-price">
                      {row.credits !== null ? formatCredits(row.credits) : k.action === 'use-as-input' ? t('tools:actions.free') : '—'}
                    </span>
                    <kbd className="action-key" translate="no">{keyLabel(k)}</kbd>
                  </button>
                </li>
              )
            })}
          </ul>
        </Fragment>
      ))}
    </div>
  )
}
