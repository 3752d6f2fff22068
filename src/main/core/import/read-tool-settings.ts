// Which tool made a picture, and its settings, from the texts inside the file. Each tool's
// reader looks for its own marks; the first that recognises the file wins, in an order
// where a more particular mark goes before a more general one (SwarmUI's JSON and
// Fooocus's scheme before A1111 text, which several tools write). A picture no reader
// recognises is imported with no settings, its texts kept as they were.
import { readImageTexts, type ImageTexts } from '../media/image-texts'
import { readA1111 } from './readers/a1111'
import { readComfyUi } from './readers/comfyui'
import { readFooocus, readInvokeAi, readNovelAi, readSwarmUi } from './readers/json-tools'
import { readMediagen } from './readers/mediagen'
import { readMidjourney } from './readers/midjourney'
import { noSettings, type ToolSettings } from './tool-settings'

export interface ReadSettings {
  settings: ToolSettings
  /** For a picture this app made: its request's parameters, and the job it came from. */
  own: { params: Record<string, unknown>; jobId: string | null } | null
}

const READERS: ((t: ImageTexts) => ToolSettings | null)[] = [readSwarmUi, readInvokeAi, readNovelAi, readFooocus, readComfyUi, readA1111, readMidjourney]

/** Every text found, for a picture whose settings no reader recognised. */
function allTexts(t: ImageTexts): Record<string, string> {
  const raw: Record<string, string> = Object.fromEntries(t.png)
  if (t.exif?.userComment) raw['EXIF UserComment'] = t.exif.userComment
  if (t.exif?.imageDescription) raw['EXIF ImageDescription'] = t.exif.imageDescription
  if (t.xmpDescription) raw['XMP dc:description'] = t.xmpDescription
  return raw
}

/** The settings in a picture's bytes; never throws, whatever the bytes. */
export function readToolSettings(bytes: Buffer): ReadSettings {
  let texts: ImageTexts
  try {
    texts = readImageTexts(bytes)
  } catch {
    return { settings: noSettings({}), own: null }
  }
  const own = readMediagen(texts)
  if (own) return { settings: own.settings, own: { params: own.params, jobId: own.jobId } }
  for (const read of READERS) {
    try {
      const found = read(texts)
      if (found) return { settings: found, own: null }
    } catch {
      // A reader tripped on something it did not expect: the next one may still know the file.
    }
  }
  return { settings: noSettings(allTexts(texts)), own: null }
}
