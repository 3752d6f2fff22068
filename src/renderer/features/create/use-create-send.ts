// What one Generate (or Ctrl/Cmd+Enter) does on Create, and what the side panel prices:
// - the Matrix panel open: the matrix, priced as a whole and confirmed before sending;
// - wildcards in the prompt: one cell per prompt they make (× the batch), confirmed too;
// - otherwise N jobs at once (× N), N different seeds where the model takes a seed.
// A model with a seed always sends the seed shown; unlocked, a new one is drawn after.
//
// A keystroke in the prompt costs one pass over it (checkWildcards: is it a wildcard prompt,
// how many prompts, or what is wrong, said at once at the prompt). The prompts themselves
// and the plan's cells are made from the composer a render behind (useDeferredValue), so a
// long or deep prompt never holds up the keystroke; Generate builds from the prompt as it is.
import { useDeferredValue, useMemo, useState } from 'react'
import { useApp } from '../../stores/app'
import { useCreateOptions } from '../../stores/create-options'
import { useDrafts } from '../../stores/drafts'
import { SendRefusedError, useMatrixRuns, type MatrixRunPlan } from '../../stores/matrix-runs'
import { toast } from '../../stores/toasts'
import { useWildcardLists } from '../../stores/wildcard-lists'
import { MAX_CELLS } from './matrix/matrix-plan'
import { buildMatrixPlan, buildPromptsPlan, initialMatrixSettings, type BuiltPlan, type MatrixSettings } from './matrix/matrix-settings'
import { checkWildcards, expandPrompt, type Expansion, type WildcardCheck, type WildcardLists } from '../../../shared/app/wildcards'
import { batchSeeds, randomSeed, takesSeed } from '../../components/composer/seeds'
import { shortfall } from '../../components/submit/shortfall'
import { submitDraft } from '../../components/submit/submit-draft'
import type { Composer } from '../../components/composer/use-composer'
import { useEstimate, type Estimate } from '../../components/submit/use-estimate'
import { batchEstimate, usePlanEstimate } from './use-plan-estimate'

export interface CreateSend {
  matrix: { settings: MatrixSettings; change(patch: Partial<MatrixSettings>): void; problem: string | null; review(): void }
  /** The price of what Generate sends now. */
  estimate: Estimate
  /** Whether Generate can send (the form, or the matrix, is complete). */
  valid: boolean
  /** Several jobs, or one cell per prompt: said next to the price. */
  costLabel: string
  /** What is wrong with the prompt's wildcards (or the prompts they make), said at the prompt; null when nothing is. */
  promptProblem: string | null
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

const PLAIN: WildcardCheck = { kind: 'plain' }

function checkOf(c: Composer, lists: WildcardLists): WildcardCheck {
  return c.takesPrompt ? checkWildcards(c.draft.prompt, lists, MAX_CELLS) : PLAIN
}

/** The prompts the composer's wildcards make; null when it has none (the prompt is sent as written). */
function expansionOf(c: Composer, lists: WildcardLists): Expansion | null {
  return checkOf(c, lists).kind === 'plain' ? null : expandPrompt(c.draft.prompt, lists, MAX_CELLS)
}

/** The matrix (`matrix` set) or the wildcards' prompts × the batch's seeds, for composer `c`. */
function buildPlan(c: Composer, lists: WildcardLists, matrix: MatrixSettings | null, random: () => number, seeds: () => number[]): BuiltPlan {
  const expansion = expansionOf(c, lists)
  if (expansion && !expansion.ok) return expansion
  const prompts = expansion ? expansion.prompts : [c.draft.prompt]
  return matrix ? buildMatrixPlan(matrix, c, prompts, random) : buildPromptsPlan(c, prompts, seeds())
}

/** The Matrix panel's settings: opening it starts from the model chosen now, as does another modality (its rows were the other modality's models). */
function useMatrixSettings(c: Composer, matrixOpen: boolean) {
  const [settings, setSettings] = useState<MatrixSettings>(() => initialMatrixSettings(c.model))
  const [followed, setFollowed] = useState({ open: matrixOpen, modality: c.draft.modality })
  if (followed.open !== matrixOpen || followed.modality !== c.draft.modality) {
    setFollowed({ open: matrixOpen, modality: c.draft.modality })
    if (matrixOpen && (!followed.open || followed.modality !== c.draft.modality)) setSettings(initialMatrixSettings(c.model))
  }
  return [settings, setSettings] as const
}

/** What the side panel says a plan costs: the prompt's problem first, then "Pricing…" while the plan catches up. */
function planPrice(check: WildcardCheck, settled: boolean, preview: BuiltPlan | null, priced: Estimate): Estimate {
  if (check.kind === 'error') return { state: 'error', message: check.message }
  if (!settled) return { state: 'loading' }
  return preview && !preview.ok ? { state: 'error', message: preview.message } : priced
}

export function useCreateSend(c: Composer, matrixOpen: boolean): CreateSend {
  const [settings, setSettings] = useMatrixSettings(c, matrixOpen)
  // A plan that could not be built when Generate was pressed, and the composer it was built from.
  const [problem, setProblem] = useState<{ message: string; of: Composer } | null>(null)
  const [confirming, setConfirming] = useState<MatrixRunPlan | null>(null)
  const [sending, setSending] = useState(false)
  const batch = useCreateOptions((s) => s.batch)
  const credits = useApp((s) => s.credits)
  const lists = useWildcardLists((s) => s.lists)
  const check = useMemo(() => checkOf(c, lists), [c, lists])
  const usesPlan = matrixOpen || check.kind !== 'plain'
  const later = useDeferredValue(c)

  // Priced with fixed seeds: the price does not depend on them, and the plan stays put.
  const preview = useMemo(
    () => (usesPlan ? buildPlan(later, lists, matrixOpen ? settings : null, () => 0, () => batchSeeds(0, batch)) : null),
    [usesPlan, later, lists, matrixOpen, settings, batch]
  )
  const planEstimate = usePlanEstimate(preview?.ok ? preview.plan : null)
  const single = useEstimate(c.body, c.valid)
  const estimate = usesPlan ? planPrice(check, later === c, preview, planEstimate) : batchEstimate(single, batch)

  const review = () => {
    const built = buildPlan(c, lists, matrixOpen ? settings : null, Math.random, () => runSeeds(c, batch) ?? batchSeeds(1, batch))
    if (built.ok) setConfirming(built.plan)
    else setProblem({ message: built.message, of: c })
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
      problem: problem?.message ?? null,
      review
    },
    estimate,
    // While the plan catches up with the prompt, the last one's verdict stands: Generate
    // builds the plan afresh from the prompt as it is, and says what stops it.
    valid: usesPlan ? check.kind !== 'error' && preview?.ok === true : c.valid,
    costLabel: matrixOpen ? 'Matrix total' : check.kind !== 'plain' ? 'Total, one job per prompt' : batch > 1 ? `Total for ${batch} jobs` : 'Estimated cost',
    promptProblem: check.kind === 'error' ? check.message : !matrixOpen && problem?.of === c ? problem.message : null,
    confirming,
    sending,
    closeConfirm: () => setConfirming(null),
    sendPlan,
    submit
  }
}
