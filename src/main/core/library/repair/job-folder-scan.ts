// Reads what one job's folder holds: its entry file (readable, damaged or missing) and
// the output files in it. The files on disk are the truth the library is rebuilt from.
import type { Dir } from 'node:fs'
import { opendir, readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { libraryEntrySchema, type LibraryEntry } from '../../../../shared/app/views'
import { storedTagsDiffer } from '../../../../shared/app/tags'
import { errorCode } from '../../fs/atomic-write'

export const ENTRY_FILE = 'entry.json'

/** An output as the saver names it: `<index>.<ext>`, nothing else (no `.part`, `.download`, sidecars). */
const OUTPUT_NAME = /^(\d{1,6})\.([a-z0-9]{2,5})$/
const NOT_OUTPUTS = new Set(['json', 'part', 'download', 'tmp', 'damaged'])

export interface FolderOutput {
  index: number
  /** File name inside the job folder. */
  name: string
}

/** A download's `.part` and its `.part.json` resume mark (see downloads/part-state). */
const PART_NAME = /^(\d{1,6})\.download\.part(\.json)?$/
/** A crash-safe write's temp (see fs/atomic-write): `.<name>.<pid>.<random>.tmp`. */
const TEMP_NAME = /^\..+\.(\d+)\.[0-9a-f]+\.tmp$/

export interface JobFolder {
  /** The folder's name under `files/`. */
  dir: string
  entry: LibraryEntry | null
  /** `mended`: readable, but a field was read only in part (tags of another shape): the entry holds what was read. */
  entryState: 'ok' | 'missing' | 'damaged' | 'mended'
  outputs: FolderOutput[]
  /** Partial downloads, by output index, with their resume marks. */
  parts: FolderOutput[]
  /** Temps of crash-safe writes. */
  temps: string[]
}

/** True for a crash-safe write's temp left by another (ended) process: this process's may still be in use. */
export function isLeftoverTemp(name: string, pid = process.pid): boolean {
  const m = TEMP_NAME.exec(name)
  return m !== null && Number(m[1]) !== pid
}

function outputsIn(names: string[]): FolderOutput[] {
  const outputs: FolderOutput[] = []
  for (const name of names) {
    const m = OUTPUT_NAME.exec(name)
    if (m && !NOT_OUTPUTS.has(m[2]!)) outputs.push({ index: Number(m[1]), name })
  }
  return outputs.sort((a, b) => a.index - b.index)
}

async function readEntry(path: string): Promise<{ entry: LibraryEntry | null; state: JobFolder['entryState'] }> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return { entry: null, state: 'missing' }
    throw err
  }
  try {
    const raw = JSON.parse(text) as { tags?: unknown }
    const entry = libraryEntrySchema.parse(raw)
    return { entry, state: storedTagsDiffer(raw.tags, entry.tags) ? 'mended' : 'ok' }
  } catch {
    return { entry: null, state: 'damaged' }
  }
}

/** One job folder; null when `dir` is not a folder. */
export async function scanJobFolder(filesRoot: string, dir: string): Promise<JobFolder | null> {
  let names: string[]
  try {
    names = await readdir(join(filesRoot, dir))
  } catch (err) {
    if (errorCode(err) === 'ENOTDIR' || errorCode(err) === 'ENOENT') return null
    throw err
  }
  const { entry, state } = names.includes(ENTRY_FILE) ? await readEntry(join(filesRoot, dir, ENTRY_FILE)) : { entry: null, state: 'missing' as const }
  const parts: FolderOutput[] = []
  for (const name of names) {
    const m = PART_NAME.exec(name)
    if (m) parts.push({ index: Number(m[1]), name })
  }
  return { dir, entry, entryState: state, outputs: outputsIn(names), parts, temps: names.filter((n) => isLeftoverTemp(n)) }
}

/**
 * The names of the job folders under `files/` (none when it does not exist yet), read a
 * few hundred at a time: a million names at once would hold the app still while they
 * become strings.
 */
export async function* jobFolderNames(filesRoot: string): AsyncGenerator<string> {
  let dir: Dir
  try {
    dir = await opendir(filesRoot, { bufferSize: 512 })
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return
    throw err
  }
  // The loop closes the folder when it ends, early or not.
  for await (const d of dir) if (d.isDirectory()) yield d.name
}
