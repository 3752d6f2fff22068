// "Try it" on a ready LoRA: a prompt (its trigger word to start with), the strengths to
// compare and the one seed they all share (picked at random, shown and changeable); the
// total cost is confirmed before anything is sent, then the grid fills in.
import { useState } from 'react'
import type { Lora } from '../../../shared/api'
import { t as say, Trans, useTranslation } from '../../i18n/page-i18n'
import { useLoras } from '../../stores/loras'
import { useMatrixRuns, type MatrixRunPlan } from '../../stores/matrix-runs'
import { toast } from '../../stores/toasts'
import { NameDialog, type FieldProblems, type FieldValues } from '../../ui/NameDialog'
import { randomSeed } from '../../components/composer/seeds'
import { MatrixConfirmDialog } from '../../components/matrix/MatrixConfirmDialog'
import { DEFAULT_STRENGTHS, defaultTryPrompt, parseSeed, parseStrengths, STRENGTH_MAX, tryLoraPlan } from './try-lora-plan'

function problems(values: FieldValues): FieldProblems {
  const strengths = parseStrengths(values['strengths'] ?? '')
  const seed = parseSeed(values['seed'] ?? '')
  return {
    prompt: (values['prompt'] ?? '').trim() === '' ? [say('loras:try.promptNeeded')] : [],
    strengths: 'error' in strengths ? [strengths.error] : [],
    seed: 'error' in seed ? [seed.error] : []
  }
}

function planOf(lora: Lora, values: FieldValues): MatrixRunPlan | null {
  const strengths = parseStrengths(values['strengths'] ?? '')
  const seed = parseSeed(values['seed'] ?? '')
  if ('error' in strengths || 'error' in seed) return null
  return tryLoraPlan(lora, (values['prompt'] ?? '').trim(), strengths.values, seed.value)
}

export function TryLoraDialog({ lora, onClose }: { lora: Lora; onClose(): void }) {
  const { t } = useTranslation()
  // What was typed, kept while the cost is reviewed, so going back shows it again.
  const [draft, setDraft] = useState<FieldValues>(() => ({ prompt: defaultTryPrompt(lora), strengths: DEFAULT_STRENGTHS, seed: String(randomSeed()) }))
  const [plan, setPlan] = useState<MatrixRunPlan | null>(null)
  const [sending, setSending] = useState(false)

  const send = async (confirmed: MatrixRunPlan) => {
    setSending(true)
    try {
      const runId = await useMatrixRuns.getState().start(confirmed)
      useLoras.getState().showTry(runId)
      onClose()
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err))
    } finally {
      setSending(false)
    }
  }

  if (plan) return <MatrixConfirmDialog plan={plan} busy={sending} onConfirm={(p) => void send(p)} onClose={() => setPlan(null)} />
  return (
    <NameDialog
      title={<Trans t={t} i18nKey="loras:try.title" components={{ name: <span translate="no">{lora.name}</span> }} />}
      testId="lora-try-dialog"
      fields={[
        { name: 'prompt', id: 'lora-try-prompt', label: t('loras:try.prompt'), initial: draft['prompt'], maxLength: 2000, required: true },
        { name: 'strengths', id: 'lora-try-strengths', label: t('loras:try.strengths'), initial: draft['strengths'], hint: t('loras:try.strengthsHint', { max: String(STRENGTH_MAX) }) },
        { name: 'seed', id: 'lora-try-seed', label: t('loras:try.seed'), initial: draft['seed'], maxLength: 10, hint: t('loras:try.seedHint') }
      ]}
      check={problems}
      saveLabel={t('loras:try.review')}
      saveTestId="lora-try-review"
      onSave={(values) => {
        setDraft(values)
        setPlan(planOf(lora, values))
        return Promise.resolve(false)
      }}
      onClose={onClose}
    >
      <p className="muted">{t('loras:try.explain')}</p>
    </NameDialog>
  )
}
