// Files cross to the engine as base64 so that IPC and JSON-over-HTTP carry them alike.
import type { FileInput } from '../../shared/contract'
import { MAX_UPLOAD_BYTES } from '../../shared/media/upload-limit'
import { t } from '../i18n/page-i18n'

export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onerror = () => reject(reader.error ?? new Error(t('messages:inputs.unreadableFile')))
    reader.onload = () => {
      const url = String(reader.result)
      resolve(url.slice(url.indexOf(',') + 1))
    }
    reader.readAsDataURL(file)
  })
}

export async function fileToInput(file: File): Promise<FileInput> {
  if (file.size > MAX_UPLOAD_BYTES) throw new Error(`${file.name} is larger than 50 MiB`)
  if (file.size === 0) throw new Error(`${file.name} is empty`)
  return { fileName: file.name || 'file', dataBase64: await readAsBase64(file) }
}
