// The demo service's crash-safe write: the bytes go to a temp file in the same folder,
// are flushed, and the temp file is renamed over the target, so a reader (or the service
// after a crash) finds the old file or the new one, never half of one. The service keeps
// its own few lines rather than borrow the app's writer: it stands in for a remote
// service and depends on nothing of the app it serves. Files are the user's alone (0600):
// the state holds the service's API key.
import { randomBytes } from 'node:crypto'
import { open, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

export async function writeWholeFile(path: string, data: string | Uint8Array): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    const handle = await open(temp, 'wx', 0o600)
    try {
      await handle.writeFile(data)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, path)
  } catch (err) {
    await unlink(temp).catch(() => undefined)
    throw err
  }
}
