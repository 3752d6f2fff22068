// Animate: the result as the first frame (`start_image`) of a video, on a model and for a
// duration the user picks, with the price of exactly that shown before it is sent.
import { formatCredits, formatNumber } from '../../format/numbers'
import { useTranslation } from '../../i18n/page-i18n'
import { Button } from '../../ui/Button'
import { Select } from '../../ui/Select'
import { animateModels, durationsOf } from './animate-options'
import { planCredits, type ActionPlan, type ActionSource } from './result-plans'

interface AnimatePageProps {
  plan: ActionPlan
  source: ActionSource
  src: string
  prompt: string
  onPrompt(prompt: string): void
  onChange(model: string, duration: number): void
  busy: boolean
  onBack(): void
  onSend(): void
}

export function AnimatePage({ plan, source, src, prompt, onPrompt, onChange, busy, onBack, onSend }: AnimatePageProps) {
  const { t } = useTranslation()
  const duration = typeof plan.params.duration === 'number' ? plan.params.duration : 5
  const credits = planCredits(plan, source, prompt)
  const durations = durationsOf(plan.model)
  return (
    <div className="animate" data-testid="animate">
      <img className="animate-frame" src={src} alt={t('tools:actions.firstFrame')} />
      <div className="animate-fields">
        <label className="field">
          <span className="field-label">{t('tools:actions.videoModel')}</span>
          <Select
            value={plan.model.id}
            onChange={(id) => {
              const next = animateModels().find((m) => m.id === id)
              if (next) onChange(id, durationsOf(next).includes(duration) ? duration : (durationsOf(next)[0] ?? duration))
            }}
            options={animateModels().map((m) => ({ value: m.id, label: m.label }))}
            translate="no"
            data-testid="animate-model"
          />
        </label>
        <label className="field">
          <span className="field-label">{t('tools:actions.duration')}</span>
          <Select
            value={String(duration)}
            onChange={(v) => onChange(plan.model.id, Number(v))}
            options={durations.map((d) => ({ value: String(d), label: t('tools:actions.seconds', { count: d }) }))}
            data-testid="animate-duration"
          />
        </label>
        <p className="animate-cost" data-testid="animate-cost">
          {credits !== null
            ? t('tools:actions.animateCost', { seconds: duration, credits: formatCredits(credits), perSecond: formatNumber(plan.model.pricing.unitCost) })
            : t('tools:actions.promptNeeded')}
        </p>
        <label className="field">
          <span className="field-label">{t('tools:actions.motionPrompt')}</span>
          <textarea className="input" rows={3} value={prompt} onChange={(e) => onPrompt(e.target.value)} data-testid="animate-prompt" translate="no" />
        </label>
        <div className="action-send">
          <Button variant="ghost" onClick={onBack}>
            {t('tools:actions.back')}
          </Button>
          <Button variant="primary" disabled={credits === null} busy={busy} onClick={onSend} data-testid="animate-send">
            {t('tools:actions.animateSend', { seconds: duration })}
          </Button>
        </div>
      </div>
    </div>
  )
}
