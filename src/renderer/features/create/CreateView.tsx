// Create: pick a modality and a model, write a prompt, set parameters, submit; or send
// the same prompt as a matrix (several models, or one parameter's values, × seeds). The
// form and its panels (CreateWorkspace) sit inside DraftErrorBoundary, so a draft they
// cannot show never takes the view, or the prompt, away.
import type { Modality } from '../../../shared/api'
import { useTranslation } from '../../i18n/page-i18n'
import { useDrafts } from '../../stores/drafts'
import { Tabs } from '../../ui/Tabs'
import { CreateWorkspace } from './CreateWorkspace'
import { DraftErrorBoundary } from './DraftErrorBoundary'

const MODALITIES = [
  { value: 'image', label: 'create:modality.image', testId: 'modality-image' },
  { value: 'video', label: 'create:modality.video', testId: 'modality-video' },
  { value: 'music', label: 'create:modality.music', testId: 'modality-music' }
] as const satisfies readonly { value: Modality; label: string; testId: string }[]

export function CreateView() {
  const { t } = useTranslation()
  const modality = useDrafts((s) => s.drafts.create.modality)
  const lastModel = useDrafts((s) => s.lastModel)
  const setModality = useDrafts((s) => s.setModality)

  // The head goes into the workspace, which places it in the form's column on a wide window.
  const head = (
    <header className="view-head">
      <div>
        <h1 className="view-title">{t('create:view.title')}</h1>
        <p className="view-sub">{t('create:view.sub')}</p>
      </div>
      <Tabs label={t('create:modality.label')} value={modality} onChange={(m) => setModality('create', m, lastModel[m] ?? null)} options={MODALITIES.map((m) => ({ ...m, label: t(m.label) }))} />
    </header>
  )

  return (
    <div className="view-inner view-create">
      <DraftErrorBoundary draftId="create" head={head}>
        <CreateWorkspace head={head} />
      </DraftErrorBoundary>
    </div>
  )
}
