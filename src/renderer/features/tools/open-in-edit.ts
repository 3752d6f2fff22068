// "Edit" from the gallery: Tools opens on the edit tool (inpaint) with the output as its
// image, uploaded through the library so the result remembers what it was made from.
import type { LibraryEntry } from '../../../shared/app/views'
import { useDrafts } from '../../stores/drafts'
import { useNavigation } from '../../stores/navigation'
import { toast } from '../../stores/toasts'
import { entryTitle } from '../gallery/entry-media'
import { uploadFromLibrary } from '../inputs/uploading'
import { TOOLS } from './tool-defs'

export async function editInTools(entry: LibraryEntry, index: number): Promise<void> {
  const edit = TOOLS.find((t) => t.id === 'edit')
  if (!edit) return
  useDrafts.getState().setModel('tools', edit.defaultModel, 'image', { params: edit.defaultParams })
  useNavigation.getState().go('tools')
  const upload = await uploadFromLibrary({ jobId: entry.jobId, index }, `From library: ${entryTitle(entry)}`)
  if (!upload.ok) {
    toast.error(`Could not upload the image for editing: ${upload.message}`)
    return
  }
  // The user may have switched tools while the upload ran; the image goes where it fits.
  if (useDrafts.getState().drafts.tools.modelId === edit.defaultModel) useDrafts.getState().setParam('tools', 'image', upload.ref.url, 'e1Params.image')
}
