// Vary region: paint on the result itself what to repaint (brush, eraser, size, clear,
// undo), write what should be there, and send it to the edit model's inpaint with its
// price shown. The painting is turned into the mask PNG only when it is sent.
import { useEffect, useState } from 'react'
import { formatCredits } from '../../format/numbers'
import { useTranslation } from '../../i18n/page-i18n'
import { Button } from '../../ui/Button'
import { isBlank } from '../mask/mask-history'
import { MaskPainter } from '../mask/MaskPainter'
import { maskPng, naturalSize } from '../mask/mask-png'
import { useMask } from '../mask/mask-store'
import { planCredits, type ActionPlan, type ActionSource } from './result-plans'

interface VaryRegionPageProps {
  plan: ActionPlan
  source: ActionSource
  /** The result's picture (the library's copy) and a key for its mask. */
  src: string
  maskKey: string
  prompt: string
  onPrompt(prompt: string): void
  busy: boolean
  onBack(): void
  onSend(mask: File): void
}

/**
 * The Tools view's painting is kept aside while this one is open, and put back after. Taken
 * while rendering: the painter's own effect, which runs first, starts a new mask.
 */
function useMaskSetAside(): void {
  const [saved] = useState(() => {
    const { imageUrl, history, revision, uploaded } = useMask.getState()
    return { imageUrl, history, revision, uploaded }
  })
  useEffect(() => () => useMask.setState(saved), [saved])
}

export function VaryRegionPage({ plan, source, src, maskKey, prompt, onPrompt, busy, onBack, onSend }: VaryRegionPageProps) {
  const { t } = useTranslation()
  useMaskSetAside()
  const painted = useMask((s) => s.imageUrl === maskKey && !isBlank(s.history.done))
  const [problem, setProblem] = useState<string | null>(null)
  const credits = planCredits(plan, source, prompt)

  const send = async () => {
    try {
      const ops = useMask.getState().history.done
      onSend(await maskPng(ops, await naturalSize(src)))
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err))
    }
  }

  return (
    <div className="vary-region" data-testid="vary-region">
      <MaskPainter imageUrl={maskKey} src={src} maskFile={null} />
      {/* The prompt and Send stay at the dialog's foot however tall the picture (a small window scrolls the painter above them). */}
      <div className="vary-region-foot">
        <label className="field">
          <span className="field-label">{t('tools:actions.regionPrompt')}</span>
          <textarea className="input" rows={2} value={prompt} onChange={(e) => onPrompt(e.target.value)} data-testid="region-prompt" translate="no" />
        </label>
        {problem ? <p className="text-danger" role="alert">{problem}</p> : null}
        <div className="action-send">
          <span className="muted" data-testid="region-cost">
            <span translate="no">{plan.model.label}</span> · {credits !== null ? formatCredits(credits) : t('tools:actions.promptNeeded')}
          </span>
          <Button variant="ghost" onClick={onBack}>
            {t('tools:actions.back')}
          </Button>
          <Button variant="primary" disabled={!painted || credits === null} busy={busy} onClick={() => void send()} data-testid="region-send">
            {painted ? t('tools:actions.regionSend') : t('tools:actions.regionPaintFirst')}
          </Button>
        </div>
      </div>
    </div>
  )
}
