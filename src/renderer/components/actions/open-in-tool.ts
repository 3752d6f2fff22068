// "Edit", "Upscale" and "Remove background" on an output (the gallery's viewer, Create's
// results): Tools opens on that tool with the output as its image, uploaded from the
// library's copy (nothing is downloaded again) so the result remembers what it was made from.
import { getModel } from '../../../shared/api'
import type { LibraryEntry } from '../../../shared/app/views'
import { fieldsOf } from '../../forms/field-spec'
import { useDrafts } from '../../stores/drafts'
import { useNavigation } from '../../stores/navigation'
import { toast } from '../../stores/toasts'
import { entryTitle } from '../entries/entry-media'
import { uploadFromLibrary } from '../inputs/uploading'
import { TOOLS, type ToolId } from './tool-defs'
import { t } from '../../i18n/page-i18n'

export async function openInTool(toolId: ToolId, entry: LibraryEntry, index: number): Promise<void> {
  const tool = TOOLS.find((t) => t.id === toolId)
  const model = tool ? getModel(tool.defaultModel) : undefined
  const field = model ? fieldsOf(model.block, model.blockName).find((f) => f.key === 'image') : undefined
  if (!tool || !field) return
  useDrafts.getState().setModel('tools', tool.defaultModel, 'image', { params: tool.defaultParams })
  useNavigation.getState().go('tools')
  const upload = await uploadFromLibrary({ jobId: entry.jobId, index }, t('messages:inputs.fromLibrary', { title: entryTitle(entry) }))
  if (!upload.ok) {
    toast.error(t('messages:inputs.uploadForTool', { tool: tool.id, reason: upload.message }))
    return
  }
  // The user may have switched tools while the upload ran; the image goes where it fits.
  if (useDrafts.getState().drafts.tools.modelId === tool.defaultModel) useDrafts.getState().setParam('tools', field.key, upload.ref.url, field.path)
}
