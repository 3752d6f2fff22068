// Measures the look (perceptual hash and dominant palette) of an entry's saved pictures that
// have none yet, and records it in the entry: its file first (the truth), then the index.
// A picture that cannot be decoded (damaged, cut short, not a picture) is recorded as
// having no look, null, so it is not decoded again; one whose file is not there is left
// unmeasured, for a later pass. Nothing here throws for a picture: only for the entry's
// write (a full disk), which the caller tries again later.
import type { LibraryEntry, LibraryFile } from '../../../../shared/app/views'
import type { PictureLook } from '../../../../shared/app/picture-look'
import { pictureLookOfFile } from '../../media/picture-look'
import type { Library } from '../library'

/** Measures one picture file; null when it cannot be decoded. */
export type MeasureLook = (absolutePath: string) => Promise<PictureLook | null>

export interface Measured {
  /** The entry as recorded afterwards (undefined when it left the library meanwhile). */
  entry: LibraryEntry | undefined
  measured: number
  unreadable: number
}

/** A saved picture without a look yet. */
export function needsLook(f: LibraryFile): boolean {
  return f.state === 'saved' && (f.role === 'image' || f.role === 'grid') && f.path !== null && f.look === undefined
}

async function lookOf(library: Library, file: LibraryFile, measure: MeasureLook): Promise<PictureLook | null | undefined> {
  const abs = file.path ? await library.resolveFile(file.path) : null
  if (!abs) return undefined
  try {
    return await measure(abs)
  } catch {
    return null
  }
}

/** Measures the pictures of entry `jobId` that need it (only `index`, when given). */
export async function measureLooks(library: Library, jobId: string, measure: MeasureLook = pictureLookOfFile, index?: number): Promise<Measured> {
  const entry = library.get(jobId)
  const targets = (entry?.files ?? []).filter((f) => needsLook(f) && (index === undefined || f.index === index))
  const found = new Map<number, { sha256: string | null; look: PictureLook | null }>()
  for (const file of targets) {
    const look = await lookOf(library, file, measure)
    if (look !== undefined) found.set(file.index, { sha256: file.sha256, look })
  }
  const unreadable = [...found.values()].filter((f) => f.look === null).length
  if (found.size === 0) return { entry, measured: 0, unreadable: 0 }
  // Recorded on the entry as it is now, for files still the ones measured.
  const fits = (f: LibraryFile) => found.has(f.index) && f.look === undefined && f.sha256 === found.get(f.index)!.sha256
  const current = library.get(jobId)
  if (!current?.files.some(fits)) return { entry: current, measured: 0, unreadable: 0 }
  const updated = await library.update(jobId, (e) => ({ files: e.files.map((f) => (fits(f) ? { ...f, look: found.get(f.index)!.look } : f)) }))
  return { entry: updated, measured: found.size, unreadable }
}
