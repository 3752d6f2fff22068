// Training images from a gallery selection: every saved image output of the selected
// entries. Videos and music cannot train a LoRA and are left out with a reason; more
// images than the service takes refuses the whole selection, with the count, so the user
// chooses which to drop rather than the app.
import { LORA_IMAGES_MAX } from '../../../shared/api'
import type { LibraryEntry } from '../../../shared/app/views'
import type { LibraryPick } from '../../stores/loras'

export interface GalleryDataset {
  picks: LibraryPick[]
  /** Why nothing was taken, or null. */
  refusal: string | null
  /** What was left out and why, or null when everything was taken. */
  leftOut: string | null
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

function label(entry: LibraryEntry, index: number, total: number): string {
  const prompt = entry.prompt?.trim() || entry.model
  const short = prompt.length > 40 ? `${prompt.slice(0, 39)}…` : prompt
  return total > 1 ? `${short} (${index + 1})` : short
}

export function datasetFromEntries(entries: readonly LibraryEntry[]): GalleryDataset {
  const picks: LibraryPick[] = []
  let videos = 0
  let tracks = 0
  let unsaved = 0
  for (const entry of entries) {
    if (entry.modality === 'video') videos++
    else if (entry.modality === 'music') tracks++
    else {
      const images = entry.files.filter((f) => f.role === 'image')
      for (const f of images) {
        if (f.state === 'saved' && f.path) picks.push({ jobId: entry.jobId, index: f.index, path: f.path, thumbnail: f.thumbnail, label: label(entry, f.index, images.length) })
        else unsaved++
      }
    }
  }
  const reasons: string[] = []
  if (videos + tracks > 0) {
    const kinds = [videos ? count(videos, 'video') : '', tracks ? count(tracks, 'music track') : ''].filter(Boolean).join(' and ')
    reasons.push(`${kinds} left out: a LoRA trains on images only`)
  }
  if (unsaved > 0) reasons.push(`${count(unsaved, 'image')} left out: not saved in the library`)
  const leftOut = reasons.length > 0 ? `${reasons.join('; ')}.` : null
  if (picks.length > LORA_IMAGES_MAX) {
    return { picks: [], leftOut, refusal: `${picks.length} images selected; a LoRA trains on at most ${LORA_IMAGES_MAX}. Select ${picks.length - LORA_IMAGES_MAX} fewer.` }
  }
  if (picks.length === 0) return { picks: [], leftOut: null, refusal: `No saved image in the selection${leftOut ? ` (${leftOut.replace(/\.$/, '')})` : ''}.` }
  return { picks, refusal: null, leftOut }
}
