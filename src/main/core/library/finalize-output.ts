// The last step of saving one output: give the downloaded file its real extension,
// measure it (hash, type, dimensions, duration), write its generation settings into it
// (or beside it), check a picture's Content Credentials, measure its look (perceptual
// hash and dominant palette), make its thumbnail, and record it in the library. Every
// step is idempotent, so an attempt that fails half-way (a full disk at the rename, a
// failed entry write) is simply run again.
import { mkdir, rename } from 'node:fs/promises'
import { dirname, relative } from 'node:path'
import { fsyncDir } from '../fs/atomic-write'
import { probeMedia } from '../media/probe'
import { provenanceOfFile } from '../media/provenance'
import { pictureLookOfFile } from '../media/picture-look'
import { makeThumbnail } from '../media/thumbnail'
import { siblingWithExt, sniffFile } from './file-facts'
import { carrySettings, originalFacts, settingsOf } from './settings-carrier'
import type { Library } from './library'

export interface Downloaded {
  /** The file on disk: `<n>.download` fresh from the network, or an already named `<n>.<ext>`. */
  path: string
  /** The type the download judged from the first bytes, used when sniffing finds nothing. */
  mime?: string
  /** Hash and size measured while downloading; measured again from disk when absent. */
  known?: { sha256: string; bytes: number }
}

export async function finalizeOutput(library: Library, jobId: string, index: number, file: Downloaded): Promise<void> {
  const paths = library.paths
  const sniffed = await sniffFile(file.path)
  const ext = sniffed?.ext ?? 'bin'
  const finalAbs = file.path.endsWith('.download') ? siblingWithExt(file.path, ext) : file.path
  if (finalAbs !== file.path) {
    await rename(file.path, finalAbs)
    await fsyncDir(dirname(finalAbs))
  }
  const facts = await probeMedia(finalAbs).catch(() => null)
  const isImage = facts?.kind === 'image'
  // sha256 and bytes describe the file as the service sent it; the settings the app
  // writes into it can be taken out exactly (see media/embedded-settings).
  const { sha256, bytes } = file.known ?? (await originalFacts(finalAbs, isImage))
  const entry = library.get(jobId)
  if (entry) await carrySettings(finalAbs, settingsOf(entry))
  // Checked after the settings are carried: what the library records is the file as kept.
  const provenance = isImage ? await provenanceOfFile(finalAbs) : undefined
  // Null when the picture cannot be decoded: recorded, so it is not tried again.
  const look = isImage ? await pictureLookOfFile(finalAbs) : undefined
  const thumbRel = paths.thumbnail(jobId, index)
  await mkdir(dirname(paths.abs(thumbRel)), { recursive: true })
  // A thumbnail is a convenience: without one the gallery shows the file itself.
  const thumbOk = facts?.kind === 'image' || facts?.kind === 'video' ? await makeThumbnail(finalAbs, paths.abs(thumbRel)).catch(() => false) : false
  await library.updateFile(jobId, index, {
    state: 'saved', path: relative(paths.root, finalAbs), thumbnail: thumbOk ? thumbRel : null, lostReason: null,
    bytes, sha256, mime: facts?.mime ?? sniffed?.mime ?? file.mime ?? 'application/octet-stream',
    width: facts?.width ?? null, height: facts?.height ?? null, durationSeconds: facts?.durationSeconds ?? null,
    ...(provenance ? { provenance } : {}),
    ...(look !== undefined ? { look } : {})
  })
}
