// A saved image (or a PNG with A1111 text from another tool) dropped on Create brings its
// settings back: this app's own files name their model and full request; A1111 text
// gives common settings, which go to the model already open. Old input files are left
// behind: their upload URLs have expired.
import { getModel, type ModelInfo } from '../../../shared/api'
import type { FileSettings } from '../../../shared/app/file-settings'
import { call } from '../../api/client'
import { fileToInput } from '../../api/file-encoding'
import { mapA1111 } from '../../forms/a1111-import'
import { carryParams, droppedNote, type Carried } from '../../forms/carry-params'
import { useDrafts } from '../../stores/drafts'
import { toast } from '../../stores/toasts'
import { t } from '../../i18n/page-i18n'

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The draft's settings with what the file's A1111 text says put in, and what the model could not take. */
function fromA1111(found: FileSettings, model: ModelInfo, current: Record<string, unknown>): Carried {
  const mapped = mapA1111(found.params, model)
  const carried = carryParams(mapped.params, model, { inputs: false })
  // Every field the file speaks of replaces the draft's value, taken or not: a value left
  // from before would pass for the file's.
  const spoken = new Set([...Object.keys(mapped.params), ...mapped.cleared])
  const kept = Object.fromEntries(Object.entries(current).filter(([key]) => !spoken.has(key)))
  return { kept: { ...kept, ...carried.kept }, dropped: [...carried.dropped, ...mapped.noField] }
}

function apply(found: FileSettings, fileName: string): void {
  const drafts = useDrafts.getState()
  const current = drafts.drafts.create
  const model = getModel(found.model ?? '') ?? getModel(current.modelId ?? '')
  if (!model) return toast.warning(t('messages:restore.noModel', { file: fileName }))
  const own = found.model === model.id && found.request && isRecord(found.request[model.blockName]) ? (found.request[model.blockName] as Record<string, unknown>) : null
  // This app's own record replaces the draft; A1111 settings join what the open model has.
  const carried = own ? carryParams(own, model, { inputs: false }) : fromA1111(found, model, model.id === current.modelId ? current.params : {})
  drafts.prefill('create', { modality: model.modality, modelId: model.id, prompt: found.prompt ?? current.prompt, params: carried.kept })
  const note = droppedNote(carried, model)
  toast.info(note ? t('messages:restore.loadedWithNote', { file: fileName, model: model.label, note }) : t('messages:restore.loaded', { file: fileName, model: model.label }))
}

export async function restoreFromFile(file: File): Promise<void> {
  let input
  try {
    input = await fileToInput(file)
  } catch (err) {
    return toast.error(err instanceof Error ? err.message : String(err))
  }
  const r = await call('settings.fromFile', { file: input })
  if (!r.ok) return toast.warning(r.error.message)
  apply(r.data, file.name)
}
