// The upload half of a drop zone: files from the desktop or items from the gallery,
// uploaded one after another, each URL handed to the field as it arrives.
import { useState } from 'react'
import { readLibraryDrag } from '../entries/drag-payload'
import { nativeDragOf } from '../entries/native-drag'
import { uploadFile, uploadFromLibrary, type UploadOutcome } from './uploading'
import { t } from '../../i18n/page-i18n'

export interface DropUpload {
  busy: boolean
  error: string | null
  onFiles(files: File[]): void
  onDropData(data: DataTransfer): boolean
}

/**
 * `onUploaded` gets each URL with those the same drop uploaded before it, so that a list
 * can add them all to the list it had when the drop began (its render's copy is stale by
 * the second upload).
 */
export function useDropUpload(path: string, onUploaded: (url: string, uploadedBefore: string[]) => void): DropUpload {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const run = async (jobs: (() => Promise<UploadOutcome>)[]) => {
    setBusy(true)
    setError(null)
    const failures: string[] = []
    const uploaded: string[] = []
    for (const job of jobs) {
      const outcome = await job()
      if (outcome.ok) {
        onUploaded(outcome.ref.url, [...uploaded])
        uploaded.push(outcome.ref.url)
      } else failures.push(outcome.message)
    }
    setBusy(false)
    if (failures.length > 0) setError(failures.join('; '))
  }

  return {
    busy,
    error,
    onFiles(files) {
      // An output dragged out of the app (under Electron) comes back as a file: it goes up
      // from the library, as it would from a browser page.
      void run(files.map((f) => {
        const item = nativeDragOf(f)
        return item ? () => uploadFromLibrary(item) : () => uploadFile(f, path)
      }))
    },
    onDropData(data) {
      const item = readLibraryDrag(data)
      if (!item) return false
      const label = data.getData('text/plain')
      void run([() => uploadFromLibrary(item, label ? t('messages:inputs.fromLibrary', { title: label }) : undefined)])
      return true
    }
  }
}
