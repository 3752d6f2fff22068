// "Try it" on a ready LoRA: a prompt (its trigger word to start with), the strengths to
// compare and the one seed they all share (picked at random, shown and changeable); the
// total cost is confirmed before anything is sent, then the grid fills in.
import { useState } from 'react'
import type { Lora } from '../../../shared/api'
import { useLoras } from '../../stores/loras'
import { useMatrixRuns, type MatrixRunPlan } from '../../stores/matrix-runs'
import { toast } from '../../stores/toasts'
import { NameDialog, type FieldProblems, type FieldValues } from '../../ui/NameDialog'
import { randomSeed } from '../../components/composer/seeds'
import { MatrixConfirmDialog } from '../../components/matrix/MatrixConfirmDialog'
import { DEFAULT_STRENGTHS, defaultTryPrompt, parseSeed, parseStrengths, tryLoraPlan } from './try-lora-plan'

function problems(values: FieldValues): FieldProblems {
  const strengths = parseStrengths(values['strengths'] ?? '')
  const seed = parseSeed(values['seed'] ?? '')
  return {
    prompt: (values['prompt'] ?? '').trim() === '' ? ['Enter a prompt'] : [],
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
      title={`Try ${lora.name}`}
      testId="lora-try-dialog"
      fields={[
        { name: 'prompt', id: 'lora-try-prompt', label: 'Prompt', initial: draft['prompt'], maxLength: 2000, required: true },
        { name: 'strengths', id: 'lora-try-strengths', label: 'Strengths', initial: draft['strengths'], hint: 'From 0 (no effect) to 1.5, separated by commas.' },
        { name: 'seed', id: 'lora-try-seed', label: 'Seed', initial: draft['seed'], maxLength: 10, hint: 'The same for every strength, so only the strength changes the picture.' }
      ]}
      check={problems}
      saveLabel="Review the cost…"
      saveTestId="lora-try-review"
      onSave={(values) => {
        setDraft(values)
        setPlan(planOf(lora, values))
        return Promise.resolve(false)
      }}
      onClose={onClose}
    >
      <p className="muted">One image per strength, side by side, from the same prompt and seed.</p>
    </NameDialog>
  )
}
