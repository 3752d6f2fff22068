// What the library keeps of how a picture looks, per file in its entry: the perceptual hash
// ("Find similar", duplicates) and the dominant palette (the colour filter), measured from
// the file when it is saved or imported, or later by the pass that fills older libraries.
import { z } from 'zod'

/** A perceptual hash: 64 bits as 16 lowercase hexadecimal digits. */
export const PICTURE_HASH = /^[0-9a-f]{16}$/
/** A palette colour: sRGB as `#rrggbb`, lowercase. */
export const PALETTE_HEX = /^#[0-9a-f]{6}$/

export const pictureLookSchema = z.object({
  perceptualHash: z.string().regex(PICTURE_HASH),
  /** Up to five colours, largest share first; each share is of the whole picture (0–1). */
  palette: z.array(z.object({ hex: z.string().regex(PALETTE_HEX), share: z.number().min(0).max(1) })).max(8)
})
export type PictureLook = z.infer<typeof pictureLookSchema>

/**
 * A file's look as its entry keeps it: absent until measured, null when the picture could
 * not be decoded (so it is not tried again). A look that does not read (a damaged entry
 * file, a value from a newer version) is taken as not measured, and measured again: it
 * never makes the rest of the entry unreadable.
 */
export const storedLookSchema = pictureLookSchema.nullable().optional().catch(undefined)
