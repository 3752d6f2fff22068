// A1111's `parameters` text, which its forks (Forge, SD.Next) and many other tools write
// too: in a PNG's text chunk, or in EXIF UserComment in a JPEG or WebP. The text's last
// line names the tool that wrote it closely enough to tell the three apart.
import { parseA1111 } from '../../../../shared/app/a1111'
import type { ImportTool } from '../../../../shared/app/library-import'
import type { ImageTexts } from '../../media/image-texts'
import { toolSettings, type ToolSettings } from '../tool-settings'

export const EXIF_COMMENT = 'EXIF UserComment'

/** The A1111 text a file carries and where it was found, if any. */
export function parametersText(t: ImageTexts): { text: string; where: string } | null {
  const png = t.png.get('parameters')
  if (png !== undefined) return { text: png, where: 'parameters' }
  const comment = t.exif?.userComment
  return comment ? { text: comment, where: EXIF_COMMENT } : null
}

function toolOf(fields: Record<string, string>): ImportTool {
  if (fields.App === 'SD.Next') return 'sdnext'
  // Forge's versions read "f2.0.1v1.10.1-previous-…".
  return /^f\d/.test(fields.Version ?? '') ? 'forge' : 'a1111'
}

/** Settings from A1111 text, as `tool` or as whichever of A1111, Forge and SD.Next wrote it; null when it is not A1111 text. */
export function a1111Settings(text: string, where: string, tool?: ImportTool): ToolSettings | null {
  const parsed = parseA1111(text)
  if (!parsed) return null
  const f = parsed.fields
  const size = /^(\d{1,6})x(\d{1,6})$/.exec(f.Size ?? '')
  return toolSettings(
    tool ?? toolOf(f),
    { prompt: parsed.prompt, negativePrompt: parsed.negativePrompt, seed: f.Seed, steps: f.Steps, cfg: f['CFG scale'], sampler: f.Sampler, model: f.Model, width: size?.[1], height: size?.[2] },
    { [where]: text },
    { Version: f.Version, 'Schedule type': f['Schedule type'], 'Model hash': f['Model hash'] }
  )
}

export function readA1111(t: ImageTexts): ToolSettings | null {
  const found = parametersText(t)
  return found ? a1111Settings(found.text, found.where) : null
}
