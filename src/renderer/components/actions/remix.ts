// "Use as input": open Create with an output's prompt and parameters and the output
// itself uploaded again as the model's input. Upload URLs expire within the hour, so
// the library copy is uploaded anew rather than reusing the old URL. When another model
// has to take the input, every parameter it still accepts comes along, and the user is
// told which did not.
import type { LibraryEntry } from '../../../shared/app/views'
import { getModel, listModels, type ModelInfo } from '../../../shared/api'
import { carryParams, droppedNote } from '../../forms/carry-params'
import { fieldsOf, type FieldSpec } from '../../forms/field-spec'
import { useDrafts, type DraftId } from '../../stores/drafts'
import { useNavigation } from '../../stores/navigation'
import { t } from '../../i18n/page-i18n'
import { toast } from '../../stores/toasts'
import { pendingLibraryInput, uploadFromLibrary } from '../inputs/uploading'
import { entryBlock, entryTitle } from '../entries/entry-media'

const inputFieldOf = (m: ModelInfo): FieldSpec | undefined => fieldsOf(m.block, m.blockName).find((f) => f.kind === 'uri' || f.kind === 'uri-list')

const isGeneration = (m: ModelInfo) => m.kind === 'image' || m.kind === 'video' || m.kind === 'music'

/**
 * The entry's own model when it generates and takes an input; else the model open in
 * Create when it is of the entry's modality and takes one; else the first generation
 * model of the entry's modality that does (a tool's output is remixed by generating).
 */
function targetModel(entry: LibraryEntry): { model: ModelInfo; sameModel: boolean } | null {
  const own = getModel(entry.model)
  if (own && isGeneration(own) && inputFieldOf(own)) return { model: own, sameModel: true }
  const open = getModel(useDrafts.getState().drafts.create.modelId ?? '')
  if (open && open.modality === entry.modality && isGeneration(open) && inputFieldOf(open)) return { model: open, sameModel: false }
  const other = listModels().find((m) => m.modality === entry.modality && isGeneration(m) && inputFieldOf(m))
  return other ? { model: other, sameModel: false } : null
}

/** Whether some model can take this entry's output as an input. */
export function canRemix(entry: LibraryEntry): boolean {
  return targetModel(entry) !== null
}

export async function remixFromLibrary(entry: LibraryEntry, index: number): Promise<void> {
  const target = targetModel(entry)
  if (!target) {
    toast.warning(t('inputs:useAsInput.none', { modality: entry.modality }))
    return
  }
  const { model, sameModel } = target
  const draftId: DraftId = 'create'
  const field = inputFieldOf(model)
  // The old inputs stay behind (their URLs have expired): the output takes their place.
  const carried = carryParams(entryBlock(entry), model, { inputs: false })
  const drafts = useDrafts.getState()
  drafts.prefill(draftId, { modality: model.modality, modelId: model.id, prompt: entry.prompt ?? '', params: carried.kept })
  useNavigation.getState().go('create')

  const item = { jobId: entry.jobId, index }
  const label = t('tools:actions.fromLibrary', { title: entryTitle(entry) })
  const upload = await uploadFromLibrary(item, label)
  // Without the service (offline, say) the form still takes the output; Generate uploads it.
  const file = entry.files.find((f) => f.index === index)
  const ref = upload.ok ? upload.ref : pendingLibraryInput(item, label, entry.modality === 'music' ? 'audio' : entry.modality, file?.path ?? null)
  if (field) {
    useDrafts.getState().setParam(draftId, field.key, field.kind === 'uri-list' ? [ref.url] : ref.url, field.path)
  }
  const where = { field: field?.label ?? '', model: model.label }
  const added = upload.ok ? t('inputs:useAsInput.added', where) : t('inputs:useAsInput.addedLater', { ...where, reason: upload.message })
  const switched = sameModel ? null : t('inputs:useAsInput.otherModel', { source: entry.model, model: model.label })
  toast.info([switched, added, droppedNote(carried, model)].filter(Boolean).join(' '))
  // Where it went: the form's inputs, at its top.
  requestAnimationFrame(() => document.querySelector('[data-testid="draft-inputs"]')?.scrollIntoView({ block: 'nearest' }))
}

/**
 * "Remix": Create opens with this output's model, prompt and settings, to change and run
 * again. Its input files stay behind, since their upload URLs have expired.
 */
export function remixSettings(entry: LibraryEntry): void {
  const model = getModel(entry.model)
  if (!model) return toast.warning(t('tools:remix.unknownModel', { model: entry.model }))
  const carried = carryParams(entryBlock(entry), model, { inputs: false })
  useDrafts.getState().prefill('create', { modality: model.modality, modelId: model.id, prompt: entry.prompt ?? '', params: carried.kept })
  useNavigation.getState().go('create')
  toast.info(t('tools:remix.loaded'))
}
