// Builds a demo-mode data folder whose library holds `count` entries in the library's own
// layout (an entry file per job, and the SQLite index filled through its own insert path,
// 500 entries to a transaction, each folder recorded as checked), for the gallery benchmark: mostly
// images with real WebP thumbnails, plus some video (with a poster thumbnail) and music, and
// a few outputs that were lost.
// A few dozen real pictures, in a folder of their own outside `files/` (where repair would
// take them for a job's outputs), are shared by every entry, so building 100,000 entries takes
// seconds of disk rather than minutes of encoding.
import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import type { LibraryEntry, LibraryFile } from '../src/shared/app/views'
import { seeded as rng } from '../src/simulator/faults'
import { benchEntry, fillIndex } from './library-data'
import { folderFacts } from '../src/main/core/library/repair/folder-facts'

const PICTURES = 48
const WORDS = (
  'portrait landscape cinematic photo illustration painting watercolor sketch anime isometric surreal detailed soft ' +
  'golden hour sunset dusk night neon moody pastel vibrant woman man robot astronaut knight cat fox owl dragon whale ' +
  'forest desert ocean mountain waterfall city street castle temple library garden nebula planet spaceship rain snow ' +
  'fog storm fire glass marble silk red teal violet amber wearing holding flying dancing majestic serene tiny giant'
).split(' ')
const IMAGE_MODELS = ['i1-1', 'i2-1', 'i3-1', 'i5-1', 'i8-1']

/** A soft two-colour gradient with a disc: cheap to make, and it looks like a picture in a grid. */
async function picture(i: number, size: number, format: 'webp' | 'png'): Promise<Buffer> {
  const hue = (i * 137) % 360
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 80) % 360},60%,25%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${size * (0.3 + (i % 5) * 0.1)}" cy="${size * 0.45}" r="${size * 0.18}" fill="hsl(${(hue + 180) % 360},80%,75%)" opacity="0.85"/>
  </svg>`
  const img = sharp(Buffer.from(svg))
  return format === 'webp' ? img.webp({ quality: 70 }).toBuffer() : img.png().toBuffer()
}

async function writePictures(libraryDir: string): Promise<void> {
  const dir = join(libraryDir, 'bench-shared')
  await mkdir(dir, { recursive: true })
  for (let i = 0; i < PICTURES; i++) {
    await writeFile(join(dir, `${i}.thumb.webp`), await picture(i, 256, 'webp'))
    await writeFile(join(dir, `${i}.png`), await picture(i, 768, 'png'))
  }
}

/** The pictures' sizes, square and not, so the justified layout has aspect ratios to keep. */
const SIZES = [[768, 768], [1024, 576], [576, 1024], [896, 672], [768, 768], [1344, 576]] as const

function file(index: number, role: LibraryFile['role'], pic: number, over: Partial<LibraryFile>): LibraryFile {
  const [width, height] = SIZES[pic % SIZES.length]!
  return {
    index,
    role,
    url: null,
    path: `bench-shared/${pic}.png`,
    thumbnail: `bench-shared/${pic}.thumb.webp`,
    state: 'saved',
    lostReason: null,
    bytes: 1_000_000,
    sha256: createHash('sha256').update(String(pic)).digest('hex'),
    mime: 'image/png',
    width,
    height,
    durationSeconds: null,
    ...over
  }
}

function makeEntry(rand: () => number, i: number): LibraryEntry {
  const id = `bench-${i.toString(36).padStart(5, '0')}-${Math.floor(rand() * 1e9).toString(36)}`
  const kind = rand()
  const modality: LibraryEntry['modality'] = kind < 0.06 ? 'video' : kind < 0.1 ? 'music' : 'image'
  const pic = Math.floor(rand() * PICTURES)
  const created = Date.UTC(2024, 0, 1) + i * 60_000
  const files =
    modality === 'video'
      ? [file(0, 'video', pic, { path: `bench-shared/${pic}.png`, mime: 'video/mp4', durationSeconds: 5 })]
      : modality === 'music'
        ? [file(0, 'track', pic, { thumbnail: null, mime: 'audio/mpeg', width: null, height: null, durationSeconds: 120 })]
        : Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, n) => file(n, 'image', (pic + n) % PICTURES, {}))
  // A few outputs were lost, as in a real library. None waits to be saved: entries of past
  // years are past the service's retention, so the host's first start would settle each one
  // (a write per entry, measured by the start, not by the gallery at rest).
  const fate = rand()
  if (fate < 0.01) files[0] = { ...files[0]!, state: 'lost', path: null, lostReason: 'The service purged it before the disk had room' }
  return benchEntry(rand, created, {
    id,
    model: modality === 'video' ? 'v1-1' : modality === 'music' ? 'm1-1' : (IMAGE_MODELS[Math.floor(rand() * IMAGE_MODELS.length)] as string),
    modality,
    prompt: Array.from({ length: 8 + Math.floor(rand() * 24) }, () => WORDS[Math.floor(rand() ** 2 * WORDS.length)]).join(' '),
    params: {},
    files
  })
}

/** Fills `<dataDir>/demo/library` (where a demo-mode engine keeps its library). */
export async function buildGalleryLibrary(dataDir: string, count: number): Promise<void> {
  const libraryDir = join(dataDir, 'demo', 'library')
  await writePictures(libraryDir)
  const filesRoot = join(libraryDir, 'files')
  await fillIndex(join(libraryDir, 'index.sqlite'), galleryBatches(count), {
    before: (batch) =>
      Promise.all(
        batch.map(async (e) => {
          await mkdir(join(filesRoot, e.id), { recursive: true })
          await writeFile(join(filesRoot, e.id, 'entry.json'), JSON.stringify(e))
        })
      ).then(() => undefined),
    // As the check at start leaves a library it found whole, so the host's first start
    // reads no folder again (the benchmark measures the gallery, not a first check).
    after: (index, batch) => index.setChecked(batch.map((e) => [e.id, folderFacts(filesRoot, e.id)!] as const))
  })
}

function* galleryBatches(count: number): Generator<LibraryEntry[]> {
  const rand = rng(3)
  for (let i = 0; i < count; i += 500) yield Array.from({ length: Math.min(500, count - i) }, (_, n) => makeEntry(rand, i + n))
}
