// What survives between attempts of one download: the `.part` file with the
// bytes received so far, and a small `.part.json` sidecar saying which
// version of the remote file they belong to and how many of them are known
// to be on disk. After a crash or restart these decide whether the next
// attempt can ask for the rest (`Range` + `If-Range`) or must start over.
import { open, readFile, stat, truncate } from 'node:fs/promises'
import { z } from 'zod'
import { writeFileAtomic } from '../fs/atomic-write'
import { removeIfPresent } from '../fs/remove-if-present'
import { errorCode } from './errors'
import { MEDIA_SNIFF_BYTES } from './media-type'

export interface PartPaths {
  dest: string
  part: string
  sidecar: string
}

export function partPaths(dest: string): PartPaths {
  return { dest, part: `${dest}.part`, sidecar: `${dest}.part.json` }
}

const partStateSchema = z.object({
  version: z.literal(1),
  url: z.string(),
  // Only a strong ETag may be used with If-Range; weak ones are never saved.
  etag: z.string().optional(),
  lastModified: z.string().optional(),
  // Full size of the remote file, when the server said.
  total: z.number().int().nonnegative().nullable(),
  // SHA-256 (hex) of the whole remote file, when the server announced it
  // (Repr-Digest); the assembled file is checked against it.
  sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  // Bytes of the .part known to have been flushed to disk. Anything past this
  // may be garbage after a power cut, so a resume starts from here.
  durable: z.number().int().nonnegative()
})

export type PartState = z.infer<typeof partStateSchema>

export async function readPartState(sidecar: string): Promise<PartState | null> {
  try {
    const parsed = partStateSchema.safeParse(JSON.parse(await readFile(sidecar, 'utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    // Missing or unreadable: treated like no sidecar, the part is discarded.
    return null
  }
}

/**
 * `durable` false is for progress marks (see PartWriter): a mark lost in a
 * crash leaves an older one, or none, and costs only a refetch.
 */
export async function savePartState(sidecar: string, state: PartState, durable = true): Promise<void> {
  await writeFileAtomic(sidecar, JSON.stringify(state), durable)
}

export async function discardPart(paths: PartPaths): Promise<void> {
  // The sidecar goes first: a part without a sidecar is never resumed.
  await removeIfPresent(paths.sidecar)
  await removeIfPresent(paths.part)
}

export interface ResumePoint {
  state: PartState
  /** Bytes already in the .part; the next request asks for the rest. */
  offset: number
  /** The first bytes of the file, to identify its type. */
  head: Buffer
}

/** The first bytes of a file (at most `length`), enough to identify its type. */
export async function readHead(path: string, length = MEDIA_SNIFF_BYTES): Promise<Buffer> {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(Math.min(length, MEDIA_SNIFF_BYTES))
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    return head.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/**
 * Looks at what a previous attempt left behind. Returns where to resume, or
 * null after clearing anything that cannot be resumed safely.
 */
export async function loadResumePoint(paths: PartPaths): Promise<ResumePoint | null> {
  const state = await readPartState(paths.sidecar)
  let size: number | null = null
  try {
    size = (await stat(paths.part)).size
  } catch (err) {
    if (errorCode(err) !== 'ENOENT') throw err
  }
  const hasValidator = state?.etag !== undefined || state?.lastModified !== undefined
  const offset = Math.min(size ?? 0, state?.durable ?? 0)
  if (state === null || size === null || !hasValidator || offset === 0) {
    await discardPart(paths)
    return null
  }
  if (state.total !== null && offset > state.total) {
    await discardPart(paths)
    return null
  }
  // Bytes past the flushed mark are cut off rather than trusted.
  if (size > offset) await truncate(paths.part, offset)
  return { state, offset, head: await readHead(paths.part, offset) }
}
