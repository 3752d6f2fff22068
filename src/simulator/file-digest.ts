// The whole-file digest the CDN sends as `Repr-Digest` (RFC 9530), so a client can check
// the file it assembled from ranges. Hashing a file costs a full read, so each digest is
// computed once per version of the file (path, size and modification time) and kept.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'

/** The SHA-256 of a file's bytes. */
export async function sha256OfFile(path: string): Promise<Buffer> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash)
  return hash.digest()
}

/** The `Repr-Digest` field value for a SHA-256: `sha-256=:<base64>:`. */
export function reprDigestValue(sha256: Buffer): string {
  return `sha-256=:${sha256.toString('base64')}:`
}

interface Entry {
  size: number
  mtimeMs: number
  value: Promise<string>
}

export class DigestCache {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly hash: (path: string) => Promise<Buffer> = sha256OfFile,
    /** Files remembered at most; the least recently used is forgotten first. */
    private readonly maxEntries = 2000
  ) {}

  /** The `Repr-Digest` value of the file at `path` as `stat` saw it (size, mtime). */
  reprDigest(path: string, size: number, mtimeMs: number): Promise<string> {
    const hit = this.entries.get(path)
    this.entries.delete(path)
    if (hit && hit.size === size && hit.mtimeMs === mtimeMs) {
      this.entries.set(path, hit) // now the most recently used
      return hit.value
    }
    const entry: Entry = { size, mtimeMs, value: this.hash(path).then(reprDigestValue) }
    // A failed read is not remembered: the next request tries again.
    entry.value.catch(() => {
      if (this.entries.get(path) === entry) this.entries.delete(path)
    })
    this.entries.set(path, entry)
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
    return entry.value
  }
}
