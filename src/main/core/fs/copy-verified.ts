// Copies a folder to a new place and proves the copy: every file is hashed as it is read,
// written, fsync'd, then read back from the new place and hashed again. Nothing in the
// source is changed, so a failure at any point leaves the original whole. Files and folders
// keep their permission bits: a private library (0600 files, 0700 folders) stays private.
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { chmod, mkdir, open, readdir, stat } from 'node:fs/promises'
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

interface Listed {
  path: string
  size: number
  /** Permission bits, kept on the copy. */
  mode: number
}

/** Every file and every folder under root (folders parents first), relative to it. */
async function listTree(root: string): Promise<{ files: Listed[]; dirs: Listed[] }> {
  const files: Listed[] = []
  const dirs: Listed[] = []
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const abs = join(dir, entry.name)
      if (!entry.isDirectory() && !entry.isFile()) continue // links and special files are not the library's
      const s = await stat(abs)
      const listed = { path: relative(root, abs), size: s.size, mode: s.mode & 0o777 }
      if (entry.isFile()) files.push(listed)
      else {
        dirs.push(listed)
        await walk(abs)
      }
    }
  }
  await walk(root)
  return { files, dirs }
}

/** The folders of the copy, each with its original's mode (the root's included). */
async function makeFolders(from: string, to: string, dirs: Listed[]): Promise<void> {
  await mkdir(to, { recursive: true })
  await chmod(to, (await stat(from)).mode & 0o777)
  for (const d of dirs) {
    await mkdir(join(to, d.path), { recursive: true, mode: d.mode })
    await chmod(join(to, d.path), d.mode)
  }
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
  const { files, dirs } = await listTree(from)
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
  await makeFolders(from, to, dirs)
  for (const f of files) {
    const target = join(to, f.path)
    await mkdir(dirname(target), { recursive: true })
    const hash = createHash('sha256')
    // Created with the original's mode (plus the owner's read and write, to sync it), so the
    // bytes are never readable by others even for a moment; chmod then sets it exactly,
    // whatever the umask took away.
    await pipeline(createReadStream(join(from, f.path)), hashing(hash, (n) => ((p.doneBytes += n), report())), createWriteStream(target, { flags: 'wx', mode: f.mode | 0o600 }))
    const handle = await open(target, 'r+')
    await handle.sync().finally(() => handle.close())
    await chmod(target, f.mode)
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
