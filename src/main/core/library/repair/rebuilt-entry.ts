// An entry rebuilt from what a job's folder still holds, when its entry file is damaged
// or was never written: each output file is measured on disk (with a picture's Content
// Credentials and its look), and the prompt, model and parameters come from the settings
// the app embedded in it or wrote beside it (`.settings.json`, or the `.xmp` sidecar of a
// picture whose signed bytes are never written into). What the journal or the index still
// knows (the request, the cost, favourites, boards) fills in the rest.
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { getModel } from '../../../../shared/api'
import { parseA1111 } from '../../../../shared/app/a1111'
import type { LibraryEntry, LibraryFile } from '../../../../shared/app/views'
import { readEmbeddedSettings } from '../../media/embedded-settings'
import { pictureLookOfFile } from '../../media/picture-look'
import { probeMedia } from '../../media/probe'
import { provenanceOfFile } from '../../media/provenance'
import { isOurXmp, readXmpPacket } from '../../media/xmp-packet'
import { originalFacts, xmpSidecarPath } from '../settings-carrier'
import type { FolderOutput } from './job-folder-scan'

interface Settings {
  model: string | null
  prompt: string | null
  params: Record<string, unknown>
}

/** What an index (this one, or an earlier version's summary log) knows of an entry. */
export interface IndexHint {
  /** Completion time, epoch ms. */
  time: number
  model?: string
  cost?: number | null
  favorite?: boolean
  boards?: string[]
  tags?: string[] | undefined
}

export interface RebuildHints {
  /** The entry the journal would write for this job (outputs pending, request known), if it knows the job. */
  fromJournal: LibraryEntry | null
  /** What the index knows of the entry, if anything. */
  summary: IndexHint | undefined
}

function requestSettings(json: unknown): Settings | null {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null
  const { model, prompt, ...params } = json as Record<string, unknown>
  return { model: typeof model === 'string' ? model : null, prompt: typeof prompt === 'string' ? prompt : null, params }
}

function parseJson(text: string | null): unknown {
  if (!text) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

/** The settings the app wrote in a picture's `.xmp` sidecar, or null. */
async function xmpSettings(abs: string): Promise<{ parameters: string | null; requestJson: string | null } | null> {
  const packet = await readFile(xmpSidecarPath(abs), 'utf8').catch(() => null)
  if (packet === null || !isOurXmp(packet)) return null
  const { parameters, requestJson } = readXmpPacket(packet)
  return parameters !== null || requestJson !== null ? { parameters, requestJson } : null
}

/** The settings carried by an output: embedded in an image, in its `.xmp` sidecar, or in a `.settings.json` one. */
async function carriedSettings(abs: string, isImage: boolean): Promise<Settings | null> {
  if (isImage) {
    // The app's own request first, then another tool's A1111 text the picture came with.
    const embedded = readEmbeddedSettings(await readFile(abs))
    const found = embedded?.requestJson ? embedded : ((await xmpSettings(abs)) ?? embedded)
    if (!found) return null
    const request = requestSettings(parseJson(found.requestJson))
    if (request) return request
    const a1111 = found.parameters ? parseA1111(found.parameters) : null
    return a1111 ? { model: a1111.fields.Model ?? null, prompt: a1111.prompt || null, params: {} } : null
  }
  const sidecar = parseJson(await readFile(`${abs}.settings.json`, 'utf8').catch(() => null)) as { request?: unknown } | null
  return requestSettings(sidecar?.request ?? null)
}

function roleOf(kind: string): LibraryFile['role'] {
  if (kind === 'image' || kind === 'video') return kind
  return kind === 'audio' ? 'track' : 'other'
}

function modalityOf(model: string | null, kind: string): LibraryEntry['modality'] {
  const known = model ? getModel(model)?.modality : undefined
  if (known) return known
  return kind === 'video' ? 'video' : kind === 'audio' ? 'music' : 'image'
}

/** A saved file as the library lists it, measured from the bytes on disk. */
async function savedFile(root: string, relDir: string, output: FolderOutput, thumbsDir: string, url: string | null): Promise<{ file: LibraryFile; settings: Settings | null; kind: string; mtime: Date }> {
  const abs = join(root, relDir, output.name)
  const probe = await probeMedia(abs).catch(() => null)
  const isImage = probe?.kind === 'image'
  const facts = await originalFacts(abs, isImage)
  const settings = await carriedSettings(abs, isImage).catch(() => null)
  const provenance = isImage ? await provenanceOfFile(abs).catch(() => undefined) : undefined
  const look = isImage ? await pictureLookOfFile(abs) : undefined
  const thumb = join(thumbsDir, `${output.index}.webp`)
  const hasThumb = await stat(join(root, thumb)).then((s) => s.isFile(), () => false)
  const file: LibraryFile = {
    index: output.index, role: roleOf(probe?.kind ?? 'other'), url, path: join(relDir, output.name), thumbnail: hasThumb ? thumb : null,
    state: 'saved', lostReason: null, bytes: facts.bytes, sha256: facts.sha256, mime: probe?.mime ?? null,
    width: probe?.width ?? null, height: probe?.height ?? null, durationSeconds: probe?.durationSeconds ?? null,
    ...(provenance ? { provenance } : {}), ...(look !== undefined ? { look } : {})
  }
  return { file, settings, kind: probe?.kind ?? 'other', mtime: (await stat(abs)).mtime }
}

/**
 * The entry for job `id` from the outputs in its folder (`relDir`, relative to the library
 * root `root`). Outputs the journal lists but the folder lacks stay pending, to be
 * downloaded again while the service still has them.
 */
export async function rebuildEntry(root: string, id: string, relDir: string, thumbsRelDir: string, outputs: FolderOutput[], hints: RebuildHints): Promise<LibraryEntry> {
  const base = hints.fromJournal
  const saved = await Promise.all(outputs.map((o) => savedFile(root, relDir, o, thumbsRelDir, base?.files.find((f) => f.index === o.index)?.url ?? null)))
  const carried = saved.find((s) => s.settings)?.settings ?? null
  const summary = hints.summary
  const model = base?.model ?? carried?.model ?? summary?.model ?? 'unknown'
  const prompt = base?.prompt ?? carried?.prompt ?? null
  const newest = saved.reduce((t, s) => Math.max(t, s.mtime.getTime()), 0)
  const when = new Date(summary?.time || newest || Date.now()).toISOString()
  const files = new Map<number, LibraryFile>()
  for (const f of base?.files ?? []) files.set(f.index, f)
  for (const s of saved) files.set(s.file.index, { ...s.file, role: files.get(s.file.index)?.role ?? s.file.role })
  const listed = [...files.values()].sort((a, b) => a.index - b.index)
  const done = listed.every((f) => f.state !== 'pending')
  return {
    id, jobId: id, model, modality: base?.modality ?? modalityOf(model, saved[0]?.kind ?? 'image'), prompt,
    params: base?.params ?? carried?.params ?? {}, creditCost: base?.creditCost ?? summary?.cost ?? null,
    createdAt: base?.createdAt ?? when, completedAt: base?.completedAt ?? when, savedAt: done ? new Date(newest || Date.now()).toISOString() : null,
    origin: base?.origin ?? 'app', files: listed, inputs: base?.inputs ?? [],
    favorite: summary?.favorite ?? false, boards: summary?.boards ?? [], ...(summary?.tags?.length ? { tags: summary.tags } : {})
  }
}
