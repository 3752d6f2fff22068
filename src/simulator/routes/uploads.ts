// Short-lived uploads for use as job inputs: one file in the multipart field `file`,
// its type judged by its bytes (415 otherwise), at most 50 MiB (413, answered as soon
// as the limit is passed), served under `/cdn/uploads/…` for one hour.
import { randomUUID } from 'node:crypto'
import { mkdir, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { ACCEPTED_UPLOAD_MIME, sniffMediaType } from '../../shared/media/sniff'
import { MAX_UPLOAD_BYTES } from '../../shared/media/upload-limit'
import type { Handler } from '../context'
import { fail, invalid, json } from '../http'
import { readMultipart } from '../multipart'
import { UPLOAD_TTL_MS } from '../retention'
import type { UploadRecord } from '../state/types'
import { uploadView } from '../state/views'

const INCOMING = '.incoming'
/** Room for the multipart framing and small text fields around the file. */
const MULTIPART_SLACK = 64 * 1024

const tooLarge = () => fail(413, `Upload larger than ${MAX_UPLOAD_BYTES} bytes (50 MiB)`)

export const upload: Handler = async ({ req, sim }) => {
  // A declared size far past the limit is refused before reading anything.
  if (Number(req.headers['content-length']) > MAX_UPLOAD_BYTES + MULTIPART_SLACK) throw tooLarge()
  const id = randomUUID()
  const dir = sim.files.dirOf('uploads', id)
  await mkdir(dir, { recursive: true })
  const discard = () => sim.files.remove('uploads', id)
  let spooled = false
  let result
  try {
    result = await readMultipart(req, {
      maxFileBytes: MAX_UPLOAD_BYTES,
      maxFiles: 4,
      spoolTo: (field) => {
        if (field !== 'file' || spooled) return null
        spooled = true
        return join(dir, INCOMING)
      }
    })
  } catch (err) {
    await discard()
    throw err
  }
  const file = result.files.find((f) => f.field === 'file')
  if (result.tooLarge) {
    await discard()
    throw tooLarge()
  }
  if (!file?.spooledPath) {
    await discard()
    throw invalid({ file: ['Required: one file in the field "file"'] })
  }
  const type = sniffMediaType(file.head)
  if (!type || !ACCEPTED_UPLOAD_MIME.includes(type.mime)) {
    await discard()
    throw fail(415, 'Unsupported media type: accepted are PNG, JPEG, WebP, GIF, MP4, WebM, QuickTime, MP3, WAV, M4A, FLAC and OGG')
  }
  const name = `file.${type.ext}`
  await rename(file.spooledPath, sim.files.pathOf('uploads', id, name))
  const now = sim.store.now()
  const record: UploadRecord = {
    id, name, kind: type.kind, contentType: type.mime, byteSize: file.size,
    createdAt: now, expiresAt: now + UPLOAD_TTL_MS, purged: false
  }
  sim.store.uploads.set(id, record)
  sim.store.changed()
  await sim.store.flush()
  return json(201, uploadView(sim, record))
}
