// LoRAs: the caller's trained adapters with their training timelines, a form to train
// another, and the grid of the latest "Try it".
import { useEffect, useRef, useState } from 'react'
import { LORA_IMAGES_MAX, LORA_IMAGES_MIN, type Lora } from '../../../shared/api'
import { useDrafts } from '../../stores/drafts'
import { useLoras } from '../../stores/loras'
import { useNavigation } from '../../stores/navigation'
import { useTranslation } from '../../i18n/page-i18n'
import { EmptyState } from '../../ui/EmptyState'
import { icons } from '../../ui/icons'
import { DeleteLoraDialog } from './DeleteLoraDialog'
import { LoraCreateForm } from './LoraCreateForm'
import { LoraRow } from './LoraRow'
import { RenameLoraDialog } from './RenameLoraDialog'
import { MatrixGrid } from '../../components/matrix/MatrixGrid'
import { TryLoraDialog } from './TryLoraDialog'
import { LORA_MODEL } from './try-lora-plan'
import { withTriggerWord } from './trigger-word'

function generateWith(lora: Lora) {
  const drafts = useDrafts.getState()
  const prompt = withTriggerWord(drafts.drafts.create.prompt, lora.triggerWord)
  drafts.prefill('create', { modality: 'image', modelId: LORA_MODEL, prompt, params: { loraId: lora.id } })
  useNavigation.getState().go('create')
}

export function LorasView() {
  const { t } = useTranslation()
  // The list is read more often while this view shows it, so a step is seen soon after it happens.
  useEffect(() => useLoras.getState().watchClosely(), [])
  const items = useLoras((s) => s.items)
  const loaded = useLoras((s) => s.loaded)
  const error = useLoras((s) => s.error)
  const [renaming, setRenaming] = useState<Lora | null>(null)
  const [deleting, setDeleting] = useState<Lora | null>(null)
  const [trying, setTrying] = useState<Lora | null>(null)
  const tryRunId = useLoras((s) => s.tryRunId)
  const tryRef = useRef<HTMLDivElement>(null)
  // A new "Try it" grid is shown where the eye goes: the view may be scrolled down to the list.
  useEffect(() => {
    if (tryRunId) tryRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }, [tryRunId])

  return (
    <div className="view-inner">
      <header className="view-head">
        <div>
          <h1 className="view-title">{t('loras:title')}</h1>
          <p className="view-sub">{t('loras:subtitle')}</p>
        </div>
      </header>
      {tryRunId ? (
        <div ref={tryRef} className="lora-try-run">
          <MatrixGrid runId={tryRunId} onRemove={() => useLoras.getState().showTry(null)} />
        </div>
      ) : null}
      <div className="lora-layout">
        <section className="card lora-list-card" aria-label={t('loras:list.title')}>
          <h2 className="card-title">{t('loras:list.title')}</h2>
          {error ? <p className="notice notice-danger">{t('loras:list.loadFailed', { reason: error })}</p> : null}
          {loaded && items.length === 0 ? (
            <EmptyState icon={icons.loras} title={t('loras:list.emptyTitle')}>
              {t('loras:list.emptyBody', { min: LORA_IMAGES_MIN, max: LORA_IMAGES_MAX })}
            </EmptyState>
          ) : (
            <ul className="lora-list" data-testid="lora-list">
              {items.map((l) => (
                <LoraRow key={l.id} lora={l} onGenerate={() => generateWith(l)} onTry={() => setTrying(l)} onRename={() => setRenaming(l)} onDelete={() => setDeleting(l)} />
              ))}
            </ul>
          )}
        </section>
        <LoraCreateForm />
      </div>
      {renaming ? <RenameLoraDialog lora={renaming} onClose={() => setRenaming(null)} /> : null}
      {trying ? <TryLoraDialog lora={trying} onClose={() => setTrying(null)} /> : null}
      {deleting ? <DeleteLoraDialog lora={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  )
}
