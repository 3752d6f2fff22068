// Imports one file: read it (opened read-only; the original is never changed), tell what
// it is from its bytes, hash it (the hash names its entry, so the same picture imported
// twice is one entry), read its settings, copy it into the library and prove the copy,
// make its thumbnail, write its entry. The journal marks the step between the copy and the
// entry, so a kill there is finished by the next import (see import-recovery).
import { constants } from 'node:fs'
import { mkdir, open, readFile } from 'node:fs/promises'
import { dirname, relative } from 'node:path'
import { sniffMediaType, SNIFF_BYTES } from '../../../shared/media/sniff'
import { libraryEntrySchema, type LibraryEntry } from '../../../shared/app/views'
import type { Library } from '../library/library'
import { entriesWithContent } from '../library/files-by-content'
import { stripEmbeddedSettings } from '../media/embedded-settings'
import { probeMedia, type MediaProbe } from '../media/probe'
import { pictureLookOfFile } from '../media/picture-look'
import { provenanceOfBytes } from '../media/provenance'
import { makeThumbnail } from '../media/thumbnail'
import { errorCode } from '../fs/atomic-write'
import { importedEntry } from './imported-entry'
import type { ImportJournal, ImportRecord } from './import-journal'
import { MAX_IMPORT_BYTES } from './import-limits'
import { SKIP, type SkipReason } from './import-messages'
import { clearStaleTemps, CopyMismatchError, placeVerified, sha256 } from './library-copy'
import { readToolSettings, type ReadSettings } from './read-tool-settings'

export interface ImportContext {
  library: Library
  journal: ImportJournal
  /** Pictures being imported now, by entry: a second copy in the same folder waits for the first. */
  inFlight: Map<string, Promise<unknown>>
  now: () => Date
}

export type FileOutcome = { kind: 'imported' | 'duplicate' } | { kind: 'skipped'; reason: SkipReason }

const skipped = (reason: SkipReason): FileOutcome => ({ kind: 'skipped', reason })
const DUPLICATE: FileOutcome = { kind: 'duplicate' }
const IMPORTED: FileOutcome = { kind: 'imported' }

export const entryIdOf = (sha: string): string => `import-${sha}`

interface Original {
  bytes: Buffer
  size: number
  mtimeMs: number
}

/**
 * The file's bytes and facts, read through a read-only handle that does not follow a link;
 * `alreadyDone` is asked before a byte is read (a file finished by an earlier run is not read again).
 */
async function readOriginal(path: string, alreadyDone: (size: number, mtimeMs: number) => Promise<boolean>): Promise<Original | FileOutcome> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
  try {
    const s = await handle.stat()
    if (!s.isFile()) return skipped(SKIP.special)
    if (s.size === 0) return skipped(SKIP.empty)
    if (await alreadyDone(s.size, s.mtimeMs)) return DUPLICATE
    // What it is, from its first bytes, before the rest is read (a folder of videos is not read whole).
    const head = Buffer.alloc(SNIFF_BYTES)
    const type = sniffMediaType(head.subarray(0, (await handle.read(head, 0, SNIFF_BYTES, 0)).bytesRead))
    if (!type) return skipped(SKIP.notMedia)
    if (type.kind !== 'image') return skipped(SKIP.notPicture(type.kind))
    if (s.size > MAX_IMPORT_BYTES) return skipped(SKIP.tooLarge)
    return { bytes: await handle.readFile(), size: s.size, mtimeMs: s.mtimeMs }
  } finally {
    await handle.close()
  }
}

/** An imported entry of this id in the library: in its index, or (an index rebuilt since) in its entry file. */
async function importedBefore(library: Library, id: string): Promise<LibraryEntry | null> {
  const indexed = library.get(id)
  if (indexed) return indexed.origin === 'import' ? indexed : null
  const onDisk = await readFile(library.entryPath(id), 'utf8').then((t) => libraryEntrySchema.safeParse(JSON.parse(t)), () => null)
  if (!onDisk?.success || onDisk.data.origin !== 'import') return null
  return library.put(onDisk.data)
}

/** The copy's place in the library, as an absolute path. */
export function copyPath(library: Library, entryId: string, ext: string): string {
  return library.paths.abs(library.paths.output(entryId, 0, ext))
}

/**
 * The last steps, from a verified copy in the library: thumbnail, entry, journal. The
 * settings are read again from the copy, which is the original byte for byte; so are its
 * Content Credentials (the copy's bytes are the signed ones: nothing is written into an
 * imported file) and its look (perceptual hash and palette; null when it cannot be decoded).
 */
export async function finishImport(ctx: ImportContext, record: ImportRecord, bytes: Buffer, probe: MediaProbe, read: ReadSettings = readToolSettings(bytes)): Promise<void> {
  const { library } = ctx
  const final = copyPath(library, record.entryId, record.ext)
  const thumbRel = library.paths.thumbnail(record.entryId, 0)
  await mkdir(dirname(library.paths.abs(thumbRel)), { recursive: true })
  // What a kill left of an earlier try at this entry (its entry file or thumbnail half written).
  for (const dir of [dirname(final), dirname(library.paths.abs(thumbRel))]) await clearStaleTemps(dir)
  // A thumbnail is a convenience: without one the gallery shows the file itself.
  const thumbOk = await makeThumbnail(final, library.paths.abs(thumbRel)).catch(() => false)
  const stripped = stripEmbeddedSettings(bytes)
  const [look, provenance] = await Promise.all([pictureLookOfFile(bytes), provenanceOfBytes(bytes)])
  const entry = importedEntry({
    id: record.entryId, source: record.id, mtimeMs: record.mtimeMs, settings: read.settings, ownParams: read.own?.params ?? null,
    earlier: library.get(record.entryId), now: ctx.now(),
    file: {
      path: relative(library.paths.root, final), thumbnail: thumbOk ? thumbRel : null, mime: probe.mime,
      // As the app's own files: the hash and size of the picture without the settings this app writes in.
      bytes: stripped.length, sha256: stripped === bytes ? record.entryId.slice('import-'.length) : sha256(stripped),
      width: probe.width ?? null, height: probe.height ?? null, look, provenance
    }
  })
  await library.put(entry)
  // Not waited for: the entry is in, and should this line be lost to a crash the next import
  // finds the entry (see import-recovery) and writes it again. The journal's close flushes it.
  void ctx.journal.put({ ...record, state: 'done' }).catch(() => undefined)
}

async function importBytes(ctx: ImportContext, path: string, original: Original, sha: string): Promise<FileOutcome> {
  const { library } = ctx
  const id = entryIdOf(sha)
  const ext = sniffMediaType(original.bytes.subarray(0, SNIFF_BYTES))!.ext
  const record: ImportRecord = { id: path, entryId: id, ext, size: original.size, mtimeMs: original.mtimeMs, state: 'placing' }
  if (await importedBefore(library, id)) {
    await ctx.journal.put({ ...record, state: 'done' })
    return DUPLICATE
  }
  if (library.isDeleted(id)) return skipped(SKIP.removed)
  const read = readToolSettings(original.bytes)
  // A picture this app made, whose job is in this library already; or any picture the
  // library holds, by its bytes (one saved from the gallery, whose settings were kept
  // beside it rather than in it, say).
  if (read.own?.jobId && library.has(read.own.jobId)) return DUPLICATE
  if (entriesWithContent(library, original.bytes).length > 0) return DUPLICATE
  const probe = await probeMedia(original.bytes)
  if (!probe?.width || !probe.height) return skipped(SKIP.damaged)
  await ctx.journal.put(record)
  try {
    await placeVerified(original.bytes, sha, copyPath(library, id, ext))
  } catch (err) {
    await ctx.journal.forget(path)
    if (err instanceof CopyMismatchError) return skipped(SKIP.copyMismatch)
    throw err
  }
  await finishImport(ctx, record, original.bytes, probe, read)
  return IMPORTED
}

/** Imports the file at `path` (absolute); a failure to write the library is thrown, anything about the file itself is a skip. */
export async function importFile(ctx: ImportContext, path: string): Promise<FileOutcome> {
  let original
  try {
    original = await readOriginal(path, async (size, mtimeMs) => {
      const done = ctx.journal.finished(path, size, mtimeMs)
      return done !== null && (await importedBefore(ctx.library, done.entryId)) !== null
    })
  } catch (err) {
    return skipped(errorCode(err) === 'ELOOP' ? SKIP.link : SKIP.unreadable(errorCode(err) ?? (err as Error).message))
  }
  if ('kind' in original) return original
  // Read again from the bytes themselves: the file may have changed since its first bytes were.
  if (sniffMediaType(original.bytes.subarray(0, SNIFF_BYTES))?.kind !== 'image') return skipped(SKIP.notMedia)
  const sha = sha256(original.bytes)
  const id = entryIdOf(sha)
  const earlier = ctx.inFlight.get(id)
  if (earlier) {
    await earlier.catch(() => undefined)
    return DUPLICATE
  }
  const work = importBytes(ctx, path, original, sha)
  ctx.inFlight.set(id, work)
  try {
    return await work
  } finally {
    ctx.inFlight.delete(id)
  }
}
