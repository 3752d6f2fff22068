// What one Generate (or Ctrl/Cmd+Enter) does on Create, and what the side panel prices:
// - the Matrix panel open: the matrix, priced as a whole and confirmed before sending;
// - wildcards in the prompt: one cell per prompt they make (× the batch), confirmed too;
// - otherwise N jobs at once (× N), N different seeds where the model takes a seed.
// A model with a seed always sends the seed shown; unlocked, a new one is drawn after.
import { useMemo, useState } from 'react'
import { useApp } from '../../stores/app'
import { useCreateOptions } from '../../stores/create-options'
import { useDrafts } from '../../stores/drafts'
import { SendRefusedError, useMatrixRuns, type MatrixRunPlan } from '../../stores/matrix-runs'
import { toast } from '../../stores/toasts'
import { useWildcardLists } from '../../stores/wildcard-lists'
import { MAX_CELLS } from '../matrix/matrix-plan'
import { buildMatrixPlan, buildPromptsPlan, initialMatrixSettings, type BuiltPlan, type MatrixSettings } from '../matrix/matrix-settings'
import { expandPrompt, hasWildcards } from '../matrix/wildcards'
import { batchSeeds, randomSeed, takesSeed } from '../params/seeds'
import { shortfall } from '../params/shortfall'
import { submitDraft } from '../params/submit-draft'
import type { Composer } from '../params/use-composer'
import { useEstimate, type Estimate } from '../params/use-estimate'
import { batchEstimate, usePlanEstimate } from './use-plan-estimate'

export interface CreateSend {
  matrix: { settings: MatrixSettings; change(patch: Partial<MatrixSettings>): void; problem: string | null; review(): void }
  /** The price of what Generate sends now. */
  estimate: Estimate
  /** Whether Generate can send (the form, or the matrix, is complete). */
  valid: boolean
  /** Several jobs, or one cell per prompt: said next to the price. */
  costLabel: string
  confirming: MatrixRunPlan | null
  sending: boolean
  closeConfirm(): void
  sendPlan(plan: MatrixRunPlan): Promise<void>
  submit(): Promise<boolean>
}

/** The seed shown, or one drawn now and shown, so the seed sent is the seed on screen. */
function shownSeed(c: Composer): number {
  const shown = useDrafts.getState().drafts[c.draftId].params.seed
  if (typeof shown === 'number' && Number.isInteger(shown)) return shown
  const seed = randomSeed()
  useDrafts.getState().setParam(c.draftId, 'seed', seed, `${c.model?.blockName ?? ''}.seed`)
  return seed
}

function nextSeed(c: Composer): void {
  if (!takesSeed(c.fields) || useCreateOptions.getState().seedLocked) return
  useDrafts.getState().setParam(c.draftId, 'seed', randomSeed(), `${c.model?.blockName ?? ''}.seed`)
}

/** The seeds of one Generate: N from the one shown, or N takes (no seed) for a model without one. */
function runSeeds(c: Composer, n: number): number[] | null {
  return takesSeed(c.fields) ? batchSeeds(shownSeed(c), n) : null
}

/**
 * Sends a confirmed plan; null when the engine refused it whole (too many cells, too many
 * jobs this minute): nothing went, it says why, and the confirmation stays open.
 */
async function startRun(plan: MatrixRunPlan): Promise<string | null> {
  try {
    return await useMatrixRuns.getState().start(plan)
  } catch (err) {
    if (!(err instanceof SendRefusedError)) throw err
    toast.error(err.message)
    return null
  }
}

function usePrompts(c: Composer) {
  const lists = useWildcardLists((s) => s.lists)
  const prompt = c.draft.prompt
  const wild = c.takesPrompt && hasWildcards(prompt)
  return useMemo(() => (wild ? expandPrompt(prompt, lists, MAX_CELLS) : null), [wild, prompt, lists])
}

export function useCreateSend(c: Composer, matrixOpen: boolean): CreateSend {
  const [settings, setSettings] = useState<MatrixSettings>(() => initialMatrixSettings(c.model))
  // Opening the panel starts from the model chosen now, as does another modality (its
  // rows were the other modality's models).
  const [followed, setFollowed] = useState({ open: matrixOpen, modality: c.draft.modality })
  if (followed.open !== matrixOpen || followed.modality !== c.draft.modality) {
    setFollowed({ open: matrixOpen, modality: c.draft.modality })
    if (matrixOpen && (!followed.open || followed.modality !== c.draft.modality)) setSettings(initialMatrixSettings(c.model))
  }
  const [problem, setProblem] = useState<string | null>(null)
  const [confirming, setConfirming] = useState<MatrixRunPlan | null>(null)
  const [sending, setSending] = useState(false)
  const batch = useCreateOptions((s) => s.batch)
  const credits = useApp((s) => s.credits)
  const expansion = usePrompts(c)
  const usesPlan = matrixOpen || expansion !== null
  const prompts = expansion?.ok ? expansion.prompts : [c.draft.prompt]

  const build = (random: () => number, seeds: () => number[]): BuiltPlan => {
    if (expansion && !expansion.ok) return expansion
    if (matrixOpen) return buildMatrixPlan(settings, c, prompts, random)
    return buildPromptsPlan(c, prompts, seeds())
  }
  // Priced with fixed seeds: the price does not depend on them, and the plan stays put.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `build` reads exactly these
  const preview = useMemo(() => (usesPlan ? build(() => 0, () => batchSeeds(0, batch)) : null), [usesPlan, expansion, matrixOpen, settings, c, batch])
  const planEstimate = usePlanEstimate(preview?.ok ? preview.plan : null)
  const single = useEstimate(c.body, c.valid)
  const estimate: Estimate = !usesPlan ? batchEstimate(single, batch) : preview && !preview.ok ? { state: 'error', message: preview.message } : planEstimate

  const review = () => {
    const built = build(Math.random, () => runSeeds(c, batch) ?? batchSeeds(1, batch))
    if (built.ok) setConfirming(built.plan)
    else setProblem(built.message)
  }
  const sendPlan = async (plan: MatrixRunPlan) => {
    setSending(true)
    try {
      const id = await startRun(plan)
      if (id === null) return
      setConfirming(null)
      // The matrix draws its own seeds; a prompt's cells used the one shown.
      if (!matrixOpen) nextSeed(c)
      // The grid opens below the form; bring it into view, where its cells fill in.
      document.querySelector(`[data-run-id="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'start', behavior: 'smooth' })
    } finally {
      setSending(false)
    }
  }
  const submit = async () => {
    if (shortfall(estimate, credits) !== null) return false
    if (usesPlan) {
      review()
      return false
    }
    const sent = await submitDraft(c, { count: batch, seeds: runSeeds(c, batch) })
    if (sent) nextSeed(c)
    return sent
  }

  return {
    matrix: {
      settings,
      change: (patch) => {
        setProblem(null)
        setSettings((s) => ({ ...s, ...patch }))
      },
      problem,
      review
    },
    estimate,
    valid: usesPlan ? preview?.ok === true : c.valid,
    costLabel: matrixOpen ? 'Matrix total' : expansion ? 'Total, one job per prompt' : batch > 1 ? `Total for ${batch} jobs` : 'Estimated cost',
    confirming,
    sending,
    closeConfirm: () => setConfirming(null),
    sendPlan,
    submit
  }
}
