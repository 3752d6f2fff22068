// A saved image (or a PNG with A1111 text from another tool) dropped on Create brings its
// settings back: this app's own files name their model and full request; A1111 text
// gives common settings, which go to the model already open. Old input files are left
// behind: their upload URLs have expired.
import { getModel } from '../../../shared/api'
import type { FileSettings } from '../../../shared/app/file-settings'
import { call } from '../../api/client'
import { fileToInput } from '../../api/file-encoding'
import { carryParams, droppedNote } from '../../forms/carry-params'
import { useDrafts } from '../../stores/drafts'
import { toast } from '../../stores/toasts'

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function apply(found: FileSettings, fileName: string): void {
  const drafts = useDrafts.getState()
  const current = drafts.drafts.create
  const model = getModel(found.model ?? '') ?? getModel(current.modelId ?? '')
  if (!model) return toast.warning(`${fileName} names no model this app knows`)
  const own = found.model === model.id && found.request && isRecord(found.request[model.blockName]) ? (found.request[model.blockName] as Record<string, unknown>) : null
  const carried = carryParams(own ?? found.params, model, { inputs: false })
  // A1111 settings join what the open model already has; this app's own record replaces it.
  const params = own ? carried.kept : { ...(model.id === current.modelId ? current.params : {}), ...carried.kept }
  drafts.prefill('create', { modality: model.modality, modelId: model.id, prompt: found.prompt ?? current.prompt, params })
  const note = droppedNote(carried, model)
  toast.info(`Settings from ${fileName} loaded into ${model.label}${note ? `. ${note}` : ''}`)
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
