// Create: pick a modality and a model, write a prompt, set parameters, submit; or send
// the same prompt as a matrix (several models, or one parameter's values, × seeds).
import { useId, useState } from 'react'
import type { JobKind, Modality } from '../../../shared/api'
import { isInputField } from '../../forms/field-spec'
import { useApp } from '../../stores/app'
import { useDrafts } from '../../stores/drafts'
import { Tabs } from '../../ui/Tabs'
import { Toggle } from '../../ui/Toggle'
import { MatrixPanel } from '../matrix/MatrixPanel'
import { MatrixRuns } from '../matrix/MatrixRuns'
import { RecentStrip } from '../gallery/RecentStrip'
import { SubmitPanel } from '../params/SubmitPanel'
import { shortfall } from '../params/shortfall'
import { submitDraft } from '../params/submit-draft'
import { useComposer } from '../params/use-composer'
import { useEstimate } from '../params/use-estimate'
import { useSubmitter } from '../params/use-submitter'
import { ResultsArea } from '../results/ResultsArea'
import { ComposerFields } from './ComposerFields'
import { useSettingsDrop } from './use-settings-drop'

// Stable arrays: the composer memoizes on them.
const KINDS: Record<Modality, readonly JobKind[]> = { image: ['image'], video: ['video'], music: ['music'] }
const CREATE_JOB_KINDS = ['image', 'video', 'music'] as const
const MODALITIES: { value: Modality; label: string; testId: string }[] = [
  { value: 'image', label: 'Image', testId: 'modality-image' },
  { value: 'video', label: 'Video', testId: 'modality-video' },
  { value: 'music', label: 'Music', testId: 'modality-music' }
]

export function CreateView() {
  const modality = useDrafts((s) => s.drafts.create.modality)
  const lastModel = useDrafts((s) => s.lastModel)
  const setModality = useDrafts((s) => s.setModality)
  const composer = useComposer('create', KINDS[modality], modality, true)
  const estimate = useEstimate(composer.body, composer.valid)
  const credits = useApp((s) => s.credits)
  // Ctrl/Cmd+Enter must not send what the disabled button would not.
  const short = shortfall(estimate, credits) !== null
  const drop = useSettingsDrop()
  const matrixId = useId()
  const [matrix, setMatrix] = useState(false)
  const { busy, submit } = useSubmitter(() => (short ? Promise.resolve(false) : submitDraft(composer)))

  return (
    <div className="view-inner">
      <header className="view-head">
        <div>
          <h1 className="view-title">Create</h1>
          <p className="view-sub">Generate images, video and music. Outputs are saved to your library as they finish.</p>
        </div>
        <Tabs label="Modality" value={modality} onChange={(m) => setModality('create', m, lastModel[m] ?? null)} options={MODALITIES} />
      </header>
      <div className="workspace">
        <section className={`card composer${drop.over ? ' is-drop-target' : ''}`} aria-label="Request" {...drop.handlers} data-testid="create-form">
          <ComposerFields composer={composer} />
          <div className="matrix-switch">
            <Toggle id={matrixId} checked={matrix} onChange={setMatrix} label="Matrix: several models or parameter values × seeds" disabled={!composer.model} />
          </div>
          {matrix && composer.model ? <MatrixPanel key={modality} composer={composer} /> : null}
          <p className="muted drop-note">Drop an image saved by this app, or a PNG with A1111 settings, here to bring its settings back.</p>
        </section>
        <aside className="workspace-side">
          <SubmitPanel estimate={estimate} valid={composer.valid} details={composer.details} shownProblems={Object.keys(composer.visibleDetails).length > 0} busy={busy} onSubmit={submit} />
          <ResultsArea kinds={CREATE_JOB_KINDS} />
          {composer.fields.some(isInputField) ? <RecentStrip modality="image" /> : null}
        </aside>
      </div>
      <MatrixRuns />
    </div>
  )
}
