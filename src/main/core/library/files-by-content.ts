// Library files found by their bytes. Every entry records the SHA-256 of each file as the
// service sent it (the bytes without the settings the app writes in), and the index finds
// an entry by it (see CurationIndex's `entriesWithFile`). So a picture saved from the
// library and brought back (dropped on Create, imported) is known for what it is, even
// when its settings are not inside it: a picture with Content Credentials keeps them in
// its `<file>.xmp` sidecar, which does not travel with it.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { LibraryEntry } from '../../../shared/app/views'
import { readEmbeddedSettings, stripEmbeddedSettings } from '../media/embedded-settings'
import { readXmpPacket } from '../media/xmp-packet'
import type { Library } from './library'
import { settingsOf, xmpSidecarPath } from './settings-carrier'

/** The settings texts a file carries: the A1111 text and the app's request. */
export interface SettingsTexts {
  parameters: string | null
  requestJson: string | null
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The hashes an entry may record for these bytes: as they are, and without the settings the app writes in. */
export function contentHashes(bytes: Buffer): string[] {
  let stripped = bytes
  try {
    stripped = stripEmbeddedSettings(bytes)
  } catch {
    // Not a picture the app can read: the bytes as they are.
  }
  return stripped === bytes ? [sha256(bytes)] : [sha256(stripped), sha256(bytes)]
}

/** The library's entries holding a file with these bytes, newest first, with the file's index. */
export function entriesWithContent(library: Library, bytes: Buffer): { entry: LibraryEntry; index: number }[] {
  return contentHashes(bytes).flatMap((h) => library.index.curation.entriesWithFile(h))
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

/** The settings a saved file carries: inside it, in its `.xmp` sidecar, or in its `.settings.json` sidecar. */
async function carriedBy(abs: string): Promise<SettingsTexts | null> {
  const inside = readEmbeddedSettings(await readFile(abs).catch(() => Buffer.alloc(0)))
  if (inside) return inside
  const xmp = await readFile(xmpSidecarPath(abs), 'utf8').catch(() => null)
  if (xmp !== null) {
    const { parameters, requestJson } = readXmpPacket(xmp)
    if (parameters !== null || requestJson !== null) return { parameters, requestJson }
  }
  const sidecar = parseJson(await readFile(`${abs}.settings.json`, 'utf8').catch(() => 'null')) as { parameters?: unknown; request?: unknown } | null
  if (!sidecar || typeof sidecar !== 'object') return null
  const parameters = typeof sidecar.parameters === 'string' ? sidecar.parameters : null
  const requestJson = sidecar.request && typeof sidecar.request === 'object' ? JSON.stringify(sidecar.request) : null
  return parameters !== null || requestJson !== null ? { parameters, requestJson } : null
}

/**
 * The settings of the library file with these bytes: what that file carries (inside it or
 * beside it), else, for the app's own entries, what its entry records. Null when the
 * library has no such file.
 */
export async function settingsOfContent(library: Library, bytes: Buffer): Promise<SettingsTexts | null> {
  for (const { entry, index } of entriesWithContent(library, bytes)) {
    const file = entry.files.find((f) => f.index === index)
    const abs = file?.path ? await library.resolveFile(file.path) : null
    const carried = abs ? await carriedBy(abs) : null
    if (carried) return carried
    if (entry.origin !== 'import') return settingsOf(entry)
  }
  return null
}
