// Composes several outputs into one contact-sheet PNG (e.g. the 2x2 preview some
// families return next to their separate images). Every cell has the first image's
// shape; other images are fitted inside their cell without cropping.
import sharp from 'sharp'
import { fitWithin } from './dimensions'

export interface GridOptions {
  /** Longest side of the whole grid; cells shrink to fit. Default 1024. */
  maxSide?: number
  /** Pixels between cells and around the edge. Default 0. */
  gap?: number
  background?: string
}

export async function renderGrid(images: Buffer[], cols = 2, options: GridOptions = {}): Promise<Buffer> {
  const first = images[0]
  if (!first) throw new RangeError('renderGrid needs at least one image')
  if (!Number.isInteger(cols) || cols < 1) throw new RangeError(`cols must be a positive integer (got ${cols})`)
  const columns = Math.min(cols, images.length)
  const rows = Math.ceil(images.length / columns)
  const gap = Math.max(0, Math.round(options.gap ?? 0))
  const meta = await sharp(first).metadata()
  const firstW = meta.autoOrient.width
  const firstH = meta.autoOrient.height
  if (!firstW || !firstH) throw new Error('renderGrid: cannot read the first image size')

  const maxSide = options.maxSide ?? 1024
  const full = fitWithin(columns * firstW, rows * firstH, Math.max(1, maxSide - gap * (Math.max(columns, rows) + 1)))
  const cellW = Math.max(1, Math.floor(full.width / columns))
  const cellH = Math.max(1, Math.floor(full.height / rows))
  const background = options.background ?? '#111111'

  const cells = await Promise.all(images.map((img) =>
    sharp(img).autoOrient().resize(cellW, cellH, { fit: 'contain', background }).removeAlpha().toBuffer()))
  return sharp({
    create: {
      width: columns * cellW + gap * (columns + 1),
      height: rows * cellH + gap * (rows + 1),
      channels: 3,
      background
    }
  })
    .composite(cells.map((input, i) => ({
      input,
      left: gap + (i % columns) * (cellW + gap),
      top: gap + Math.floor(i / columns) * (cellH + gap)
    })))
    .png({ compressionLevel: 4 })
    .toBuffer()
}
