// "Use as input": open Create with an output's prompt and parameters and the output
// itself uploaded again as the model's input. Upload URLs expire within the hour, so
// the library copy is uploaded anew rather than reusing the old URL.
import type { LibraryEntry } from '../../../shared/app/views'
import { getModel, listModels, type ModelInfo } from '../../../shared/api'
import { fieldsOf, type FieldSpec } from '../../forms/field-spec'
import { useDrafts, type DraftId } from '../../stores/drafts'
import { useNavigation } from '../../stores/navigation'
import { toast } from '../../stores/toasts'
import { uploadFromLibrary } from '../inputs/uploading'
import { entryBlock, entryTitle } from './entry-media'

const inputFieldOf = (m: ModelInfo): FieldSpec | undefined => fieldsOf(m.block, m.blockName).find((f) => f.kind === 'uri' || f.kind === 'uri-list')

const isGeneration = (m: ModelInfo) => m.kind === 'image' || m.kind === 'video' || m.kind === 'music'

/**
 * The entry's own model when it generates and takes an input; else the first generation
 * model of the entry's modality that does (a tool's output is remixed by generating).
 */
function targetModel(entry: LibraryEntry): { model: ModelInfo; sameModel: boolean } | null {
  const own = getModel(entry.model)
  if (own && isGeneration(own) && inputFieldOf(own)) return { model: own, sameModel: true }
  const other = listModels().find((m) => m.modality === entry.modality && isGeneration(m) && inputFieldOf(m))
  return other ? { model: other, sameModel: false } : null
}

/**
 * The entry's parameters without its old inputs: their upload URLs have expired, and the
 * output being remixed takes their place.
 */
function blockParams(entry: LibraryEntry, model: ModelInfo): Record<string, unknown> {
  const inputKeys = new Set(fieldsOf(model.block, model.blockName).filter((f) => f.kind === 'uri' || f.kind === 'uri-list').map((f) => f.key))
  return Object.fromEntries(Object.entries(entryBlock(entry)).filter(([k]) => !inputKeys.has(k)))
}

/** Whether some model can take this entry's output as an input. */
export function canRemix(entry: LibraryEntry): boolean {
  return targetModel(entry) !== null
}

export async function remixFromLibrary(entry: LibraryEntry, index: number): Promise<void> {
  const target = targetModel(entry)
  if (!target) {
    toast.warning(`No ${entry.modality} model takes an input file`)
    return
  }
  const { model, sameModel } = target
  const draftId: DraftId = 'create'
  const field = inputFieldOf(model)
  const params = sameModel ? blockParams(entry, model) : {}
  const drafts = useDrafts.getState()
  drafts.prefill(draftId, { modality: model.modality, modelId: model.id, prompt: entry.prompt ?? '', params })
  useNavigation.getState().go('create')

  const upload = await uploadFromLibrary({ jobId: entry.jobId, index }, `From library: ${entryTitle(entry)}`)
  if (!upload.ok) {
    toast.error(`Could not upload the file again: ${upload.message}`)
    return
  }
  if (field) {
    useDrafts.getState().setParam(draftId, field.key, field.kind === 'uri-list' ? [upload.ref.url] : upload.ref.url, field.path)
  }
  toast.info(sameModel ? `Remixing with ${model.label}` : `${entry.model} takes no input file; switched to ${model.label}`)
}
