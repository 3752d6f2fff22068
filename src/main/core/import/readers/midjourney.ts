// Midjourney writes no settings block, only a description: the prompt, its `--flags`, and
// "Job ID: <uuid>" (a PNG's `Description` text, the XMP `dc:description` or EXIF
// ImageDescription of a JPEG or WebP), with the user's name as `Author`.
import type { ImageTexts } from '../../media/image-texts'
import { toolSettings, type ToolSettings } from '../tool-settings'

const JOB_ID = /\s*Job ID:\s*([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\s*$/i
/** A flag as Midjourney's prompts write them: ` --ar 16:9`, ` --v 6.1`, ` --tile`. */
const FIRST_FLAG = /(^|\s)--[a-z]/i
const MAX_DESCRIPTION_CHARS = 64 * 1024

function descriptionOf(t: ImageTexts): { text: string; where: string } | null {
  const png = t.png.get('Description')
  if (png !== undefined) return { text: png, where: 'Description' }
  if (t.xmpDescription) return { text: t.xmpDescription, where: 'XMP dc:description' }
  const exif = t.exif?.imageDescription
  return exif ? { text: exif, where: 'EXIF ImageDescription' } : null
}

/** `--name value` pairs in order; a flag without a value maps to ''. */
function flagsOf(text: string): Map<string, string> {
  const flags = new Map<string, string>()
  for (const part of text.split(/(?:^|\s)--(?=[a-z])/i).slice(1)) {
    const m = /^([a-z][\w-]*)\s*([\s\S]*)$/i.exec(part.trim())
    if (m?.[1] && !flags.has(m[1].toLowerCase())) flags.set(m[1].toLowerCase(), (m[2] ?? '').trim())
  }
  return flags
}

function modelOf(flags: Map<string, string>): string {
  const niji = flags.get('niji')
  if (niji !== undefined) return niji ? `Niji ${niji}` : 'Niji'
  const version = flags.get('v') ?? flags.get('version')
  return version ? `Midjourney v${version}` : 'Midjourney'
}

export function readMidjourney(t: ImageTexts): ToolSettings | null {
  const found = descriptionOf(t)
  if (!found || found.text.length > MAX_DESCRIPTION_CHARS) return null
  const job = JOB_ID.exec(found.text)
  const body = job ? found.text.slice(0, job.index) : found.text
  const flagAt = body.search(FIRST_FLAG)
  // A photo's description ("OLYMPUS DIGITAL CAMERA") has neither a job id nor flags.
  if (!job && flagAt < 0) return null
  const prompt = flagAt < 0 ? body : body.slice(0, flagAt)
  const flagText = flagAt < 0 ? '' : body.slice(flagAt).trim()
  const flags = flagsOf(flagText)
  const raw: Record<string, string> = { [found.where]: found.text }
  const author = t.png.get('Author')
  if (author !== undefined) raw.Author = author
  return toolSettings(
    'midjourney',
    { prompt, negativePrompt: flags.get('no'), seed: flags.get('seed'), model: modelOf(flags) },
    raw,
    { 'Job ID': job?.[1], Flags: flagText, Author: author }
  )
}
