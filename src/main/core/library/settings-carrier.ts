// Puts a saved output's generation settings where they travel with it: inside an image
// (see media/embedded-settings), or in a `<file>.settings.json` sidecar for video and
// audio. A picture with Content Credentials (a signed C2PA manifest) is never written
// into, since any change to its bytes breaks the signature: its settings go beside it in
// an XMP sidecar, `<file>.xmp`, where photo tools look for one. Runs again safely: what
// the app wrote before is replaced, never doubled.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { formatA1111 } from '../../../shared/app/a1111'
import type { LibraryEntry } from '../../../shared/app/views'
import { withInputNames, fieldNamesOf } from './input-names'
import { writeFileAtomic } from '../fs/atomic-write'
import { hasContentCredentials } from '../media/content-credentials'
import { embedSettings, stripEmbeddedSettings, type EmbeddedSettings } from '../media/embedded-settings'
import { buildXmpPacket } from '../media/xmp-packet'
import { hashFile } from './file-facts'

// The request's parameters live in its family's block (`i3Params: {seed, …}`); the
// A1111 text lists them flat, as other tools expect.
function flatParams(params: Record<string, unknown>): Record<string, unknown> {
  const flat: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(params)) {
    if (key.endsWith('Params') && value !== null && typeof value === 'object' && !Array.isArray(value)) Object.assign(flat, value)
    else flat[key] = value
  }
  return flat
}

/**
 * What a saved output carries: the A1111 text and the request, with every input named by
 * its file rather than by its upload URL (which expires an hour after the upload).
 */
export function settingsOf(entry: LibraryEntry): EmbeddedSettings {
  const params = withInputNames(entry.model, entry.params, entry.inputs)
  const request = { model: entry.model, ...(entry.prompt !== null ? { prompt: entry.prompt } : {}), ...params }
  return {
    parameters: formatA1111({ prompt: entry.prompt, model: entry.model, params: flatParams(params), fields: fieldNamesOf(entry.model), jobId: entry.jobId }),
    requestJson: JSON.stringify(request),
    prompt: entry.prompt
  }
}

/** Hash and size of the file as the service sent it, whatever settings the app added since. */
export async function originalFacts(path: string, isImage: boolean): Promise<{ sha256: string; bytes: number }> {
  if (!isImage) return hashFile(path)
  const original = stripEmbeddedSettings(await readFile(path))
  return { sha256: createHash('sha256').update(original).digest('hex'), bytes: original.length }
}

/** Where the settings of a picture with Content Credentials are kept: beside it, `<file>.xmp`. */
export function xmpSidecarPath(path: string): string {
  return `${path}.xmp`
}

/** The signed bytes of a picture with Content Credentials (without any settings an earlier version wrote into it), or null. */
function signedOriginal(bytes: Buffer): Buffer | null {
  try {
    const original = stripEmbeddedSettings(bytes)
    return hasContentCredentials(original) ? original : null
  } catch {
    return null
  }
}

/**
 * Writes the settings into the image, or beside a file that cannot hold them or must not
 * be changed. A file the app cannot parse keeps its bytes untouched (and gets the
 * sidecar): the output matters more than its label. Disk errors are thrown, so the save
 * is retried.
 */
export async function carrySettings(path: string, settings: EmbeddedSettings): Promise<'embedded' | 'sidecar' | 'xmp-sidecar'> {
  const bytes = await readFile(path)
  const signed = signedOriginal(bytes)
  if (signed) {
    // Settings an earlier version wrote into a signed file come out again, which gives
    // back the bytes the signature covers.
    if (!signed.equals(bytes)) await writeFileAtomic(path, signed)
    await writeFileAtomic(xmpSidecarPath(path), buildXmpPacket(settings))
    return 'xmp-sidecar'
  }
  let embedded: Buffer | null = null
  try {
    embedded = embedSettings(bytes, settings)
  } catch {
    // Not a file the app can parse: it keeps its bytes.
  }
  if (embedded) {
    await writeFileAtomic(path, embedded)
    return 'embedded'
  }
  await writeFileAtomic(`${path}.settings.json`, JSON.stringify({ parameters: settings.parameters, request: JSON.parse(settings.requestJson) as unknown }, null, 2))
  return 'sidecar'
}
