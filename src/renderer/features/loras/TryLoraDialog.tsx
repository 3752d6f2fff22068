// "Try it" on a ready LoRA: a prompt (its trigger word to start with) and the strengths to
// compare; the total cost is confirmed before anything is sent, then the grid fills in.
import { useState } from 'react'
import type { Lora } from '../../../shared/api'
import { useLoras } from '../../stores/loras'
import { useMatrixRuns, type MatrixRunPlan } from '../../stores/matrix-runs'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { Field } from '../../ui/Field'
import { TextInput } from '../../ui/TextInput'
import { MatrixConfirmDialog } from '../matrix/MatrixConfirmDialog'
import { DEFAULT_STRENGTHS, defaultTryPrompt, parseStrengths, tryLoraPlan } from './try-lora-plan'

export function TryLoraDialog({ lora, onClose }: { lora: Lora; onClose(): void }) {
  const [prompt, setPrompt] = useState(() => defaultTryPrompt(lora))
  const [strengths, setStrengths] = useState(DEFAULT_STRENGTHS)
  const [plan, setPlan] = useState<MatrixRunPlan | null>(null)
  const [sending, setSending] = useState(false)
  const parsed = parseStrengths(strengths)
  const promptError = prompt.trim() === '' ? 'Enter a prompt' : null

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
    <Dialog
      open
      title={`Try ${lora.name}`}
      onClose={onClose}
      size="sm"
      testId="lora-try-dialog"
      initialFocusId="lora-try-prompt"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            disabled={promptError !== null || 'error' in parsed}
            onClick={() => 'values' in parsed && setPlan(tryLoraPlan(lora, prompt.trim(), parsed.values))}
            data-testid="lora-try-review"
          >
            Review the cost…
          </Button>
        </>
      }
    >
      <p className="muted">One image per strength, side by side, from the same prompt.</p>
      <Field label="Prompt" htmlFor="lora-try-prompt" required errors={promptError ? [{ path: 'prompt', messages: [promptError] }] : []}>
        <TextInput id="lora-try-prompt" value={prompt} maxLength={2000} onChange={(e) => setPrompt(e.target.value)} data-testid="lora-try-prompt" />
      </Field>
      <Field
        label="Strengths"
        htmlFor="lora-try-strengths"
        hint="From 0 (no effect) to 1.5, separated by commas."
        errors={'error' in parsed ? [{ path: 'strengths', messages: [parsed.error] }] : []}
      >
        <TextInput id="lora-try-strengths" value={strengths} onChange={(e) => setStrengths(e.target.value)} data-testid="lora-try-strengths" />
      </Field>
    </Dialog>
  )
}
