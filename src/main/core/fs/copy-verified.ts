// Copies a folder to a new place and proves the copy: every file is hashed as it is read,
// written, fsync'd, then read back from the new place and hashed again. Nothing in the
// source is changed, so a failure at any point leaves the original whole.
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, open, readdir, stat } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

export interface CopyProgress {
  phase: 'scan' | 'copy' | 'verify'
  doneBytes: number
  totalBytes: number
  doneFiles: number
  totalFiles: number
}

async function listFiles(root: string): Promise<{ path: string; size: number }[]> {
  const out: { path: string; size: number }[] = []
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const abs = join(dir, entry.name)
      if (entry.isDirectory()) await walk(abs)
      else if (entry.isFile()) out.push({ path: relative(root, abs), size: (await stat(abs)).size })
      // Links and other special files are not the library's; they are left behind.
    }
  }
  await walk(root)
  return out
}

function hashing(hash: ReturnType<typeof createHash>, onBytes: (n: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk)
      onBytes(chunk.length)
      done(null, chunk)
    }
  })
}

async function sha256Of(path: string, onBytes: (n: number) => void): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer)
    onBytes((chunk as Buffer).length)
  }
  return hash.digest('hex')
}

export class CopyMismatchError extends Error {}

export async function copyVerified(from: string, to: string, onProgress: (p: CopyProgress) => void): Promise<{ files: number; bytes: number }> {
  const files = await listFiles(from)
  const totalBytes = files.reduce((n, f) => n + f.size, 0)
  const p: CopyProgress = { phase: 'scan', doneBytes: 0, totalBytes, doneFiles: 0, totalFiles: files.length }
  // Reported at most every 64 MiB or each file, so a big library does not flood the page.
  let lastReported = 0
  const report = (force = false) => {
    if (force || p.doneBytes - lastReported >= 64 * 1024 * 1024) {
      lastReported = p.doneBytes
      onProgress({ ...p })
    }
  }
  report(true)
  const sums = new Map<string, string>()
  p.phase = 'copy'
  for (const f of files) {
    const target = join(to, f.path)
    await mkdir(dirname(target), { recursive: true })
    const hash = createHash('sha256')
    await pipeline(createReadStream(join(from, f.path)), hashing(hash, (n) => ((p.doneBytes += n), report())), createWriteStream(target, { flags: 'wx' }))
    const handle = await open(target, 'r+')
    await handle.sync().finally(() => handle.close())
    sums.set(f.path, hash.digest('hex'))
    p.doneFiles += 1
    report(true)
  }
  p.phase = 'verify'
  p.doneBytes = 0
  p.doneFiles = 0
  for (const f of files) {
    const copied = await sha256Of(join(to, f.path), (n) => ((p.doneBytes += n), report()))
    if (copied !== sums.get(f.path)) throw new CopyMismatchError(`The copy of ${f.path} differs from the original`)
    p.doneFiles += 1
    report(true)
  }
  return { files: files.length, bytes: totalBytes }
}
