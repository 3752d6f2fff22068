// The library's pictures beside one another, through the engine's own parts: "Find similar"
// finds the near pictures and not the others, the colour filter finds what shows a colour,
// the Duplicates view suggests keeping the largest and removing the rest (to the trash, one
// Undo bringing them all back), the lineage names the whole chain both ways, a look
// that no longer reads in an entry file is measured again rather than lost, and the
// tables "Find similar" and the swatches read are filled again by the pass when lost.
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Engine } from '../../../src/main/core/engine'
import { pictureRoutes } from '../../../src/main/core/app/routes/picture-routes'
import { Library } from '../../../src/main/core/library/library'
import { LibraryPictures } from '../../../src/main/core/library/pictures/library-pictures'
import type { LookProgress } from '../../../src/shared/app/library-pictures'
import type { PictureLook } from '../../../src/shared/app/picture-look'
import type { LibraryFile } from '../../../src/shared/app/views'
import { cleanupAfterEach } from '../support/cleanup'
import { pictureLookOfFile } from '../../../src/main/core/media/picture-look'
import { realPicture } from '../support/look-alike-media'
import { fakeRouteContext } from '../support/route-context'
import { indexFile, madeEntry, writeLibrary } from '../support/library-entries'
import { DatabaseSync } from 'node:sqlite'

const cleanup = cleanupAfterEach()
const OFFLINE = 'http://127.0.0.1:9'

const RED = [{ hex: '#d02020', share: 0.6 }, { hex: '#f0f0f0', share: 0.4 }]
const BLUE = [{ hex: '#2040d0', share: 0.7 }, { hex: '#101010', share: 0.3 }]

/** One saved picture `index` of job `n`, `size` pixels square, with this look. */
function picture(n: number, look: PictureLook | undefined, size = 1024, index = 0): LibraryFile {
  return {
    index, role: 'image', url: null, path: `files/job-${n}/${index}.png`, thumbnail: null, state: 'saved', lostReason: null, bytes: 10, sha256: null,
    mime: 'image/png', width: size, height: size, durationSeconds: null, ...(look === undefined ? {} : { look })
  }
}

const look = (perceptualHash: string, palette = RED): PictureLook => ({ perceptualHash, palette })

/** Resolves once the pass that measures and compares pictures reports `done`. */
function passDone(): { progress(p: LookProgress): void; done: Promise<void> } {
  let resolve = () => {}
  const done = new Promise<void>((r) => (resolve = r))
  return { progress: (p) => p.state === 'done' && resolve(), done }
}

/** An engine over the library in `dir`, offline, once its pass over the pictures is done. */
async function startedEngine(dir: string): Promise<Engine> {
  const pass = passDone()
  const dataDir = await cleanup.tempDir('library-pictures-engine-')
  const engine = new Engine({ dataDir, libraryDir: dir, baseUrl: OFFLINE, legacyBaseUrl: OFFLINE, apiKey: () => null, webhooks: { mode: 'off' } })
  cleanup.defer(() => engine.close())
  engine.on('pictures', pass.progress)
  await engine.start()
  await pass.done
  return engine
}

async function writeTemp(bytes: Buffer): Promise<string> {
  const path = join(await cleanup.tempDir('library-pictures-file-'), 'picture.png')
  await writeFile(path, bytes)
  return path
}

async function library(count: number, files: (n: number) => LibraryFile[], over: (n: number) => object = () => ({})) {
  const dir = await cleanup.tempDir('library-pictures-')
  await writeLibrary(dir, count, (n) => ({ files: files(n), ...over(n) }))
  return dir
}

describe('find similar', () => {
  it('finds the near pictures, nearest first, and not the unrelated ones', async () => {
    const hashes: Record<number, string> = { 1: 'ffff0000ffff0000', 2: 'ffff0000ffff0001', 3: 'ffff0000ffff00ff', 4: '0123456789abcdef', 5: 'ffff0000fff00000' }
    const dir = await library(5, (n) => [picture(n, look(hashes[n]!))])
    const lib = await Library.open(dir)
    const pictures = new LibraryPictures(lib)
    try {
      const page = await pictures.similar({ jobId: 'job-1', index: 0 })
      expect(page.items.map((i) => [i.entry.jobId, i.distance])).toEqual([['job-2', 1], ['job-5', 4], ['job-3', 8]])
      expect(page.total).toBe(3)
    } finally {
      await pictures.close()
      await lib.close()
    }
  })
})

describe('the colour filter', () => {
  it('lists the entries showing a colour, with the other filters', async () => {
    const dir = await library(6, (n) => [picture(n, look(`000000000000000${n}`, n % 2 ? RED : BLUE))])
    const lib = await Library.open(dir)
    try {
      expect(lib.list({ colour: '#d82424' }).entries.map((e) => e.jobId)).toEqual(['job-5', 'job-3', 'job-1'])
      expect(lib.list({ colour: '#2040d0', sort: 'oldest' }).entries.map((e) => e.jobId)).toEqual(['job-2', 'job-4', 'job-6'])
      expect(lib.list({ colour: '#d82424', favorite: true }).entries.map((e) => e.jobId)).toEqual(['job-5'])
      expect(lib.list({ colour: '#20c040' }).total).toBe(0)
    } finally {
      await lib.close()
    }
  })
})

describe('duplicates: keep the best, remove the rest', () => {
  it('suggests keeping the largest and removes the rest to the trash, one Undo bringing them back', async () => {
    // 1, 2 and 3 are one picture (3 the upscale), 4 another; 5 is unrelated.
    const hash = ['', 'aaaa5555aaaa5555', 'aaaa5555aaaa5554', 'aaaa5555aaaa5557', '0f0f0f0f0f0f0f0f', 'f0f0f0f0f0f0f0f0']
    const dir = await library(5, (n) => [picture(n, look(hash[n]!), n === 3 ? 2048 : 1024)])
    const engine = await startedEngine(dir)
    const routes = pictureRoutes(fakeRouteContext({ engine: async () => engine, onLibraryRemoved: () => undefined, redact: (s) => s }))

    const { groups } = await routes['library.duplicates']({})
    expect(groups).toHaveLength(1)
    expect(groups[0]!.keep).toEqual({ jobId: 'job-3', index: 0 })
    expect([...groups[0]!.remove].sort()).toEqual(['job-1', 'job-2'])

    const removed = await routes['library.removeMany']({ jobIds: groups[0]!.remove })
    expect(removed.removed.sort()).toEqual(['job-1', 'job-2'])
    expect(engine.getEntry('job-1')).toBeUndefined()
    expect(engine.listLibrary({}).entries.map((e) => e.jobId)).toEqual(['job-5', 'job-4', 'job-3'])

    const back = await routes['library.restoreMany']({ jobIds: removed.removed })
    expect(back.restored.map((e) => e.jobId).sort()).toEqual(['job-1', 'job-2'])
    expect(engine.listLibrary({}).entries.map((e) => e.jobId)).toEqual(['job-5', 'job-4', 'job-3', 'job-2', 'job-1'])
  })
})

describe('lineage', () => {
  it('names what an output was made from and what was made from it, each step with its depth', async () => {
    // 1 → 2 (an edit of 1) → 3 (made from 2) and 4 (made from 2); 5 stands alone.
    const from = (n: number) => ({ field: 'image', fileName: '0.png', path: `inputs/${n}.png`, sha256: 'x', bytes: 1, mime: 'image/png', sourceJobId: `job-${n}`, sourceIndex: 0 })
    const parent: Record<number, number> = { 2: 1, 3: 2, 4: 2 }
    const dir = await library(5, (n) => [picture(n, undefined)], (n) => (parent[n] ? { inputs: [from(parent[n])] } : {}))
    const lib = await Library.open(dir)
    const pictures = new LibraryPictures(lib)
    try {
      const chain = pictures.lineage('job-2')
      expect(chain.ancestors.map((a) => [a.jobId, a.depth])).toEqual([['job-1', -1]])
      expect(chain.descendants.map((d) => [d.jobId, d.depth]).sort()).toEqual([['job-3', 1], ['job-4', 1]])
      expect(chain.descendants[0]!.sources).toEqual([{ jobId: 'job-2', index: 0 }])
      expect(pictures.lineage('job-3').ancestors.map((a) => [a.jobId, a.depth])).toEqual([['job-2', -1], ['job-1', -2]])
      expect(pictures.lineage('job-5')).toMatchObject({ ancestors: [], descendants: [] })
    } finally {
      await pictures.close()
      await lib.close()
    }
  })
})

describe('a damaged look', () => {
  it('is measured again from the picture after the index is rebuilt, and the rest of the entry stays', async () => {
    const png = await realPicture('png', 3)
    const measured = await pictureLookOfFile(await writeTemp(png))
    const dir = await library(2, (n) => [{ ...picture(n, measured!), bytes: png.length }])
    for (const n of [1, 2]) await writeFile(join(dir, `files/job-${n}/0.png`), png)
    // The look in job-1's entry file no longer reads (a bad sector, a hand edit), and the index is lost.
    const entryPath = join(dir, 'files/job-1/entry.json')
    const raw = JSON.parse(await readFile(entryPath, 'utf8')) as { files: { look: unknown }[] }
    raw.files[0]!.look = { perceptualHash: 'not a hash', palette: 'red' }
    await writeFile(entryPath, JSON.stringify(raw))
    await rm(join(dir, 'index.sqlite'))

    const engine = await startedEngine(dir)
    const entry = engine.getEntry('job-1')!
    expect(entry.prompt).toBe(madeEntry(1).prompt)
    expect(entry.files[0]!.look).toEqual(measured)
    expect((await engine.pictures.similar({ jobId: 'job-2', index: 0 })).items.map((i) => [i.entry.jobId, i.distance])).toEqual([['job-1', 0]])
  })
})

describe('the look-up tables of "Find similar", the swatches and the favourites\' colours', () => {
  it('are made anew when lost and filled by the pass over the pictures, "Find similar" and the colour filter answering the same', async () => {
    const hashes: Record<number, string> = { 1: 'ffff0000ffff0000', 2: 'ffff0000ffff0001', 3: '0123456789abcdef', 4: 'ffff0000fff00000' }
    const dir = await library(4, (n) => [picture(n, look(hashes[n]!, n % 2 ? RED : BLUE))])
    const db = new DatabaseSync(indexFile(dir))
    db.exec('DROP TABLE picture_chunks; DROP TABLE colour_swatches; DROP TABLE favourite_colours')
    db.close()

    const engine = await startedEngine(dir)
    const similar = await engine.pictures.similar({ jobId: 'job-1', index: 0 })
    expect(similar.items.map((i) => [i.entry.jobId, i.distance])).toEqual([['job-2', 1], ['job-4', 4]])
    expect(engine.listLibrary({ colour: '#d8302c' }).entries.map((e) => e.jobId)).toEqual(['job-3', 'job-1'])
    const check = new DatabaseSync(indexFile(dir), { readOnly: true })
    cleanup.defer(() => check.close())
    expect(check.prepare('SELECT count(*) AS n FROM picture_chunks').get()).toEqual({ n: 16 })
    expect(check.prepare("SELECT key FROM meta WHERE key IN ('pictures.chunks', 'colour.swatches.filled', 'colour.favourites.filled')").all()).toEqual([])
  })
})
