// Importing a folder: every picture is copied into the library (the originals untouched),
// one entry per picture with its tool, settings and raw text; everything else is named
// with why it was left out; the same picture twice is one entry, in one run or across runs.
import { createHash } from 'node:crypto'
import { mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importFolder, ImportFolderError } from '../../../src/main/core/import/import-folder'
import { Library } from '../../../src/main/core/library/library'
import { libraryEntrySchema } from '../../../src/shared/app/views'
import { cleanupAfterEach } from '../support/cleanup'
import { defaultGraph, defaultWorkflow } from './comfy-fixtures'
import { jpegWith, piexifUserComment, plainJpeg, plainPng, pngWithText, pythonJson, webpWith, plainWebp, xmpWithDescription } from '../support/tool-images'

const cleanup = cleanupAfterEach()

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

async function openLibrary(): Promise<Library> {
  const library = await Library.open(join(await cleanup.tempDir('import-lib-'), 'library'))
  cleanup.defer(() => library.close())
  return library
}

/** A folder of pictures from several tools, in subfolders, with things that are not pictures among them. */
async function toolFolder(): Promise<{ dir: string; files: Record<string, Buffer> }> {
  const dir = await cleanup.tempDir('import-src-')
  const files: Record<string, Buffer> = {
    'a1111/00001-3141592653.png': await pngWithText({ parameters: 'a castle on a hill\nNegative prompt: blurry\nSteps: 30, Sampler: Euler a, CFG scale: 7, Seed: 3141592653, Size: 832x1216, Model: sd_xl_base_1.0, Version: v1.10.1' }),
    'a1111/00002.jpg': jpegWith(await plainJpeg(), { exif: piexifUserComment('a harbour at night\nSteps: 22, Seed: 77, Size: 512x768, Model: dreamshaper_8') }),
    'comfy/ComfyUI_00001_.png': await pngWithText({ prompt: pythonJson(defaultGraph()), workflow: pythonJson(defaultWorkflow()) }),
    'mj/boat.webp': webpWith(await plainWebp(), [{ fourcc: 'XMP ', data: Buffer.from(xmpWithDescription('a paper boat --ar 16:9 --v 6.1 Job ID: a7421d2f-b262-44f9-977c-ac23e9c7d3e3')) }]),
    'plain.png': await plainPng(20, 20, 9),
    'notes.txt': Buffer.from('not a picture'),
    'clip.mp4': Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(16)]),
    'empty.png': Buffer.alloc(0)
  }
  for (const [name, bytes] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true })
    await writeFile(join(dir, name), bytes)
  }
  await symlink(join(dir, 'plain.png'), join(dir, 'link.png'))
  return { dir, files }
}

describe('importing a folder', () => {
  it('copies every picture in, with its tool and settings, names what it left out, and leaves the originals as they were', async () => {
    const library = await openLibrary()
    const { dir, files } = await toolFolder()
    const before = await Promise.all(Object.keys(files).map(async (n) => (await stat(join(dir, n))).mtimeMs))
    const skips: string[] = []
    const result = await importFolder(library, dir, { onSkip: ({ path, reason }) => void skips.push(`${path}: ${reason}`) })

    expect(result).toMatchObject({ found: 8, imported: 5, duplicates: 0, skipped: 4, cancelled: false })
    expect(skips.sort()).toEqual([
      `${join(dir, 'clip.mp4')}: A video file: only pictures are imported`,
      `${join(dir, 'empty.png')}: The file is empty`,
      `${join(dir, 'link.png')}: A link: links are not followed, so nothing outside the folder is imported`,
      `${join(dir, 'notes.txt')}: Not a picture this app recognises`
    ])
    // Each with the catalogs' key and values, so the page and the command line say it in their language.
    expect(result.skippedFiles.find((s) => s.path === join(dir, 'clip.mp4'))).toMatchObject({ key: 'main:importSkip.notPicture', values: { kind: 'video' } })
    expect(result.skippedFiles.find((s) => s.path === join(dir, 'empty.png'))?.key).toBe('main:importSkip.empty')
    for (const [name, bytes] of Object.entries(files)) {
      expect(sha(await readFile(join(dir, name)))).toBe(sha(bytes))
    }
    expect(await Promise.all(Object.keys(files).map(async (n) => (await stat(join(dir, n))).mtimeMs))).toEqual(before)

    const castle = library.get(`import-${sha(files['a1111/00001-3141592653.png']!)}`)!
    expect(castle).toMatchObject({ origin: 'import', model: 'sd_xl_base_1.0', prompt: 'a castle on a hill', modality: 'image', params: { seed: 3141592653, steps: 30, guidance_scale: 7, negative_prompt: 'blurry', width: 832, height: 1216 } })
    expect(castle.imported).toMatchObject({ tool: 'a1111', source: join(dir, 'a1111/00001-3141592653.png'), sampler: 'Euler a' })
    expect(castle.imported?.raw.parameters).toContain('Seed: 3141592653')
    const copy = await readFile(library.paths.abs(castle.files[0]!.path!))
    expect(sha(copy)).toBe(sha(files['a1111/00001-3141592653.png']!))
    expect(castle.files[0]).toMatchObject({ state: 'saved', mime: 'image/png', width: 24, height: 16, sha256: sha(copy), bytes: copy.length })
    expect(castle.files[0]!.thumbnail).not.toBeNull()

    const comfy = library.get(`import-${sha(files['comfy/ComfyUI_00001_.png']!)}`)!
    expect(comfy).toMatchObject({ model: 'v1-5-pruned-emaonly.safetensors', params: { seed: 156680208700286, steps: 20 }, imported: { tool: 'comfyui' } })
    expect(Object.keys(comfy.imported!.raw)).toEqual(['prompt', 'workflow'])
    expect(library.get(`import-${sha(files['mj/boat.webp']!)}`)).toMatchObject({ model: 'Midjourney v6.1', prompt: 'a paper boat', imported: { tool: 'midjourney', details: { 'Job ID': 'a7421d2f-b262-44f9-977c-ac23e9c7d3e3' } } })
    expect(library.get(`import-${sha(files['plain.png']!)}`)).toMatchObject({ model: 'Unknown model', prompt: null, imported: { tool: 'none' } })
  })

  it('finds imported pictures by prompt and by model, like the app\'s own', async () => {
    const library = await openLibrary()
    const { dir } = await toolFolder()
    await importFolder(library, dir)
    expect(library.list({ query: 'castle' }).entries.map((e) => e.prompt)).toEqual(['a castle on a hill'])
    expect(library.list({ query: 'harbour' }).total).toBe(1)
    expect(library.list({ model: 'dreamshaper_8' }).total).toBe(1)
    expect(library.list({ modality: 'image' }).total).toBe(5)
  })

  it('keeps one entry per picture: a copy under another name, and the folder imported again', async () => {
    const library = await openLibrary()
    const { dir, files } = await toolFolder()
    await writeFile(join(dir, 'a1111', 'copy of castle.png'), files['a1111/00001-3141592653.png']!)
    const first = await importFolder(library, dir)
    expect(first).toMatchObject({ imported: 5, duplicates: 1 })
    expect(library.size()).toBe(5)
    const again = await importFolder(library, dir)
    expect(again).toMatchObject({ imported: 0, duplicates: 6, skipped: 4 })
    expect(library.size()).toBe(5)
  })

  it('does not bring back a picture the user removed from the library', async () => {
    const library = await openLibrary()
    const dir = await cleanup.tempDir('import-src-')
    const png = await pngWithText({ parameters: 'x\nSteps: 2, Seed: 1, Size: 8x8, Model: m' })
    await writeFile(join(dir, 'a.png'), png)
    await importFolder(library, dir)
    await library.remove(`import-${sha(png)}`)
    const again = await importFolder(library, dir)
    expect(again).toMatchObject({ imported: 0, skipped: 1, skippedFiles: [{ path: join(dir, 'a.png'), reason: 'You removed this picture from the library earlier; it stays removed' }] })
    expect(library.size()).toBe(0)
  })

  it('refuses a folder it cannot import, naming why', async () => {
    const library = await openLibrary()
    const dir = await cleanup.tempDir('import-src-')
    await writeFile(join(dir, 'a.png'), await plainPng())
    await expect(importFolder(library, 'relative/pictures')).rejects.toThrow(ImportFolderError)
    await expect(importFolder(library, join(dir, 'missing'))).rejects.toThrow(`There is no folder at ${join(dir, 'missing')}`)
    await expect(importFolder(library, join(dir, 'a.png'))).rejects.toThrow('is a file, not a folder')
    await expect(importFolder(library, library.paths.root)).rejects.toThrow('is inside the library')
  })

  it('leaves the library out when it is inside the folder imported', async () => {
    const root = await cleanup.tempDir('import-home-')
    const library = await Library.open(join(root, 'library'))
    cleanup.defer(() => library.close())
    await writeFile(join(root, 'a.png'), await plainPng())
    expect(await importFolder(library, root)).toMatchObject({ imported: 1 })
    // The copy now in the library is not found (and imported again) by a second walk.
    expect(await importFolder(library, root)).toMatchObject({ found: 1, duplicates: 1, imported: 0 })
  })

  it('writes entries an older version of the app still reads without the new fields', async () => {
    const library = await openLibrary()
    const { dir } = await toolFolder()
    await importFolder(library, dir)
    const entry = library.list({ query: 'castle' }).entries[0]!
    const stored = JSON.parse(await readFile(library.entryPath(entry.id), 'utf8')) as Record<string, unknown>
    expect(libraryEntrySchema.parse(stored)).toEqual(entry)
    // And an entry written before imports existed (no `imported`) still parses.
    const { imported: _i, ...older } = stored
    expect(libraryEntrySchema.parse({ ...older, origin: 'app' }).imported).toBeUndefined()
  })
})
