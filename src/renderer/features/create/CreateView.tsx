// Create: pick a modality and a model, write a prompt, set parameters, submit; or send
// the same prompt as a matrix (several models, or one parameter's values, × seeds). The
// form and its panels (CreateWorkspace) sit inside DraftErrorBoundary, so a draft they
// cannot show never takes the view, or the prompt, away.
import type { Modality } from '../../../shared/api'
import { useDrafts } from '../../stores/drafts'
import { Tabs } from '../../ui/Tabs'
import { CreateWorkspace } from './CreateWorkspace'
import { DraftErrorBoundary } from './DraftErrorBoundary'

const MODALITIES: { value: Modality; label: string; testId: string }[] = [
  { value: 'image', label: 'Image', testId: 'modality-image' },
  { value: 'video', label: 'Video', testId: 'modality-video' },
  { value: 'music', label: 'Music', testId: 'modality-music' }
]

export function CreateView() {
  const modality = useDrafts((s) => s.drafts.create.modality)
  const lastModel = useDrafts((s) => s.lastModel)
  const setModality = useDrafts((s) => s.setModality)

  return (
    <div className="view-inner">
      <header className="view-head">
        <div>
          <h1 className="view-title">Create</h1>
          <p className="view-sub">Generate images, video and music. Outputs are saved to your library as they finish.</p>
        </div>
        <Tabs label="Modality" value={modality} onChange={(m) => setModality('create', m, lastModel[m] ?? null)} options={MODALITIES} />
      </header>
      <DraftErrorBoundary draftId="create">
        <CreateWorkspace />
      </DraftErrorBoundary>
    </div>
  )
}
