// Facts about a saved file: its hash, size and type, measured from the bytes on disk.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open, readdir, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { sniffMediaType } from '../../../shared/media/sniff'

export async function hashFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    hash.update(chunk as Buffer)
    bytes += (chunk as Buffer).length
  }
  return { sha256: hash.digest('hex'), bytes }
}

export async function sniffFile(path: string): Promise<{ mime: string; ext: string } | null> {
  const fh = await open(path, 'r')
  try {
    const head = Buffer.alloc(64)
    const { bytesRead } = await fh.read(head, 0, 64, 0)
    const t = sniffMediaType(new Uint8Array(head.subarray(0, bytesRead)))
    return t ? { mime: t.mime, ext: t.ext } : null
  } finally {
    await fh.close()
  }
}

/** A finished output already on disk (`<index>.<ext>`), left by a run that crashed before recording it. */
export async function findFinishedOutput(absJobDir: string, index: number): Promise<string | null> {
  let names: string[]
  try {
    names = await readdir(absJobDir)
  } catch {
    return null
  }
  const prefix = `${index}.`
  const hit = names.find((n) => n.startsWith(prefix) && !n.endsWith('.part') && !n.endsWith('.json') && n.split('.').length === 2)
  if (!hit) return null
  const path = join(absJobDir, hit)
  const s = await stat(path).catch(() => null)
  return s && s.isFile() && s.size > 0 ? path : null
}

export function siblingWithExt(path: string, ext: string): string {
  const base = basename(path).replace(/\.download$/, '')
  return join(dirname(path), `${base}.${ext}`)
}
