// How much the app takes from the CDN for one job: a size cap per output, by the kind of
// media it must be, and a cap on the number of outputs. A service (or whatever answers in
// its name) that sends more gets refused at the cap instead of filling the library's disk.
//
// The service contract states no file sizes, so each cap is drawn from the largest output
// its parameters allow (the service specification, "Image generation families",
// "Image upscale envelope", "Video generation families", "Limits"; the music envelope of
// service-profile.md), with room to spare for a lossless encoding.
import type { MediaKind } from './media-type'

const MIB = 1024 * 1024

/**
 * Bytes one output may have. Images: the largest is an 8× upscale (`scale_factor` 1|2|4|8)
 * of a 1K image, 8192 × 8192 pixels, 256 MiB as uncompressed RGBA. Video: at most 15 s
 * (`duration` 3..15, `mode` 4k), under 1 GiB even at 500 Mbit/s. Audio: at most 240 s of
 * music (`duration_seconds` 5..240), 88 MiB as 48 kHz 32-bit stereo WAV.
 */
const SIZE_CAP: Record<MediaKind, number> = {
  image: 256 * MIB,
  video: 1024 * MIB,
  audio: 128 * MIB
}

/**
 * Result URLs saved per job: `number_of_images` goes up to 10 (the largest count of any
 * family), and a grid-producing model adds its `gridUrl`.
 */
export const MAX_OUTPUTS_PER_JOB = 11

/** The size cap of an output that must be one of `kinds` (any kind: the largest cap). */
export function outputSizeCap(kinds: readonly MediaKind[] | undefined): number {
  const caps = (kinds ?? (Object.keys(SIZE_CAP) as MediaKind[])).map((kind) => SIZE_CAP[kind])
  return Math.max(...caps)
}

/** Why an output over its cap was not saved, in the user's words; `detail` says by how much. */
export function overCapReason(kinds: readonly MediaKind[] | undefined, detail: string): string {
  const what = kinds?.length === 1 ? `one ${kinds[0]} output` : 'one output'
  return `Not saved: the service sent more than the app accepts for ${what} (${detail})`
}
