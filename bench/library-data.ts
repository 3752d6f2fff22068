// The library benchmark's data: realistic prompts from a skewed vocabulary, entries of one to
// four images, and the queries a user types, all from a fixed seed so every run and child
// process sees the same library.
import { createHash } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { LibraryEntry } from '../src/shared/app/views'
import { LibraryIndex } from '../src/main/core/library/index/library-index'
import { seeded as rng } from '../src/simulator/faults'

const QUERIES = 200

const VOCABULARY = (
  'portrait landscape cinematic photo photograph illustration painting oil watercolor sketch render 3d ' +
  'digital art concept anime manga pixel isometric vector minimalist surreal abstract realistic hyperrealistic ' +
  'detailed intricate ornate soft sharp focus bokeh depth field wide angle telephoto macro aerial drone shot ' +
  'close-up full body headshot profile silhouette golden hour blue sunset sunrise dusk dawn night midnight ' +
  'moonlight starlight neon glowing lights lighting volumetric rim studio dramatic moody warm cold pastel ' +
  'vibrant muted monochrome black white sepia film grain analog kodak portra 35mm 85mm lens f1.8 ' +
  'woman man child girl boy old young elderly warrior knight wizard witch queen king princess robot android ' +
  'cyborg astronaut samurai ninja pirate detective chef musician dancer cat dog fox wolf owl eagle dragon ' +
  'horse tiger lion bear rabbit deer whale octopus butterfly phoenix unicorn creature monster alien ghost ' +
  'forest jungle desert ocean beach mountain valley river lake waterfall canyon glacier volcano island cave ' +
  'city street alley rooftop skyline skyscraper village castle temple cathedral ruins library cafe market ' +
  'garden meadow field swamp space nebula galaxy planet moon stars spaceship station underwater cyberpunk ' +
  'steampunk solarpunk fantasy sci-fi medieval victorian baroque renaissance art-deco gothic futuristic ' +
  'retro vintage ancient modern rain snow fog mist storm thunder lightning wind fire smoke ice crystal ' +
  'gold silver bronze copper marble glass wood stone velvet silk leather metal chrome porcelain paper ' +
  'red orange yellow green teal cyan purple violet pink magenta crimson emerald sapphire ruby amber ' +
  'wearing holding standing sitting walking running flying floating dancing reading looking smiling ' +
  'beautiful elegant majestic mysterious serene peaceful chaotic epic tiny giant huge massive delicate ' +
  'highly ultra masterpiece award winning trending artstation octane unreal engine 8k 4k hdr ' +
  'by greg rutkowski alphonse mucha moebius studio ghibli wes anderson style of in on at with under ' +
  'a an the of and behind beside above through'
).split(' ')
const MODELS = ['flux-1.1-pro', 'flux-schnell', 'sdxl-turbo', 'imagen-4', 'recraft-v3', 'ideogram-3', 'kling-video', 'suno-v4']


/** Skewed word choice: real prompts reuse a few words ("detailed", "lighting") far more than others. */
function word(rand: () => number): string {
  return VOCABULARY[Math.floor(rand() ** 2 * VOCABULARY.length)] as string
}

function uuid(rand: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16)).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`
}

function makeEntry(rand: () => number, i: number): LibraryEntry {
  const id = uuid(rand)
  const model = MODELS[Math.floor(rand() * MODELS.length)] as string
  const prompt = Array.from({ length: 20 + Math.floor(rand() * 41) }, () => word(rand)).join(' ')
  const created = Date.UTC(2024, 0, 1) + i * 60_000 + Math.floor(rand() * 30_000)
  const width = [512, 768, 1024, 1344][Math.floor(rand() * 4)] as number
  const height = [512, 768, 1024, 1536][Math.floor(rand() * 4)] as number
  const files = Array.from({ length: 1 + Math.floor(rand() * 4) }, (_, index) => ({
    index,
    role: 'image' as const,
    url: `https://cdn.example.com/outputs/${id}/${index}.png`,
    path: `jobs/${id}/${index}.png`,
    thumbnail: `jobs/${id}/${index}.thumb.webp`,
    state: 'saved' as const,
    lostReason: null,
    bytes: 200_000 + Math.floor(rand() * 3_000_000),
    sha256: createHash('sha256').update(`${id}/${index}`).digest('hex'),
    mime: 'image/png',
    width,
    height,
    durationSeconds: null
  }))
  return benchEntry(rand, created, {
    id,
    model,
    modality: 'image',
    prompt,
    params: { width, height, steps: 4 + Math.floor(rand() * 40), guidance: Math.round(rand() * 100) / 10, seed: Math.floor(rand() * 2 ** 31), num_images: files.length, output_format: 'png' },
    files
  })
}

/** An entry of a bench library created at `created` (ms), completed 8 s and saved 9 s later, with a cost and one in twenty a favourite. */
export function benchEntry(rand: () => number, created: number, own: Pick<LibraryEntry, 'id' | 'model' | 'modality' | 'prompt' | 'params' | 'files'>): LibraryEntry {
  return {
    ...own,
    jobId: own.id,
    creditCost: Math.round(rand() * 500) / 100,
    createdAt: new Date(created).toISOString(),
    completedAt: new Date(created + 8_000).toISOString(),
    savedAt: new Date(created + 9_000).toISOString(),
    origin: 'app',
    inputs: [],
    favorite: rand() < 0.05,
    boards: []
  }
}

export function queries(): string[][] {
  const rand = rng(7)
  return Array.from({ length: QUERIES }, () => Array.from({ length: 1 + Math.floor(rand() * 3) }, () => VOCABULARY[Math.floor(rand() * VOCABULARY.length)] as string))
}

/** `count` entries in batches of `size`, made as they are asked for (a million at once would not fit in memory). */
export function* entryBatches(count: number, size = 5000): Generator<LibraryEntry[]> {
  const rand = rng(1)
  for (let i = 0; i < count; i += size) yield Array.from({ length: Math.min(size, count - i) }, (_, n) => makeEntry(rand, i + n))
}

export interface FillSteps {
  /** Before a batch is indexed (its entry files, say). */
  before?(batch: LibraryEntry[]): Promise<void>
  /** After it is indexed, in the same open index. */
  after?(index: LibraryIndex, batch: LibraryEntry[]): void
}

/** Fills the index file `file` through the index's own insert path, one transaction per batch. */
export async function fillIndex(file: string, batches: Iterable<LibraryEntry[]>, steps: FillSteps = {}): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  const index = LibraryIndex.open(file)
  try {
    for (const batch of batches) {
      await steps.before?.(batch)
      index.transaction(() => batch.forEach((e) => index.put(e)))
      steps.after?.(index, batch)
    }
  } finally {
    index.close()
  }
}
