// A picture with Content Credentials is saved byte for byte, its settings in a `.xmp`
// sidecar in the library. Saved from the gallery to the desktop and dropped on Create, it
// carries no settings of its own: the app finds it in the library by its bytes and brings
// back the settings beside it. Imported again, it is known for the library's own.
import { createHash } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { settingsRoutes } from '../../../src/main/core/app/routes/settings-routes'
import type { Engine } from '../../../src/main/core/engine'
import { importFolder } from '../../../src/main/core/import/import-folder'
import { Library } from '../../../src/main/core/library/library'
import { LibraryCollections } from '../../../src/main/core/library/collections'
import { Curation } from '../../../src/main/core/library/curation'
import { SmartCollections } from '../../../src/main/core/library/smart-collections'
import { carrySettings, settingsOf, xmpSidecarPath } from '../../../src/main/core/library/settings-carrier'
import { readEmbeddedSettings } from '../../../src/main/core/media/embedded-settings'
import { renderImage } from '../../../src/simulator/media'
import { withContentCredentials } from '../../../src/simulator/signing/sign-output'
import type { LibraryEntry } from '../../../src/shared/app/views'
import { cleanupAfterEach } from '../support/cleanup'
import { madeEntry } from '../support/library-entries'
import { fakeRouteContext } from '../support/route-context'

const cleanup = cleanupAfterEach()
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** A library holding one signed picture, saved as the saver saves it: its bytes untouched, its settings in `<file>.xmp`. */
async function libraryWithSignedPicture() {
  const root = await cleanup.tempDir('settings-by-content-')
  const library = await Library.open(join(root, 'library'))
  cleanup.defer(() => library.close())
  const plain = await renderImage({ prompt: 'a harbour at noon', seed: 11, width: 96, height: 72, format: 'png' })
  const [signed] = await withContentCredentials([{ name: 'image-1.png', role: 'image', mime: 'image/png', bytes: plain }], 'i6-1')
  const bytes = signed!.bytes
  const base = madeEntry(1, { model: 'i6-1', prompt: 'a harbour at noon', params: { i6Params: { aspect_ratio: '4:3', seed: 11 } } })
  const path = library.paths.output(base.id, 0, 'png')
  const entry: LibraryEntry = {
    ...base,
    files: [{ index: 0, role: 'image', url: null, path, thumbnail: null, state: 'saved', lostReason: null, bytes: bytes.length, sha256: sha256(bytes), mime: 'image/png', width: 96, height: 72, durationSeconds: null }]
  }
  const abs = library.paths.abs(path)
  await mkdir(join(abs, '..'), { recursive: true })
  await writeFile(abs, bytes)
  expect(await carrySettings(abs, settingsOf(entry))).toBe('xmp-sidecar')
  await library.put(entry)
  const collections = await LibraryCollections.open(library)
  const smart = await SmartCollections.open(library.paths.root, () => library.index)
  return { root, library, bytes, abs, curation: new Curation(library, collections, smart) }
}

describe('a picture whose settings are beside it in the library', () => {
  it('dropped on Create, brings back the settings kept beside its copy in the library', async () => {
    const { bytes, curation } = await libraryWithSignedPicture()
    // The bytes alone carry nothing: only the library knows them.
    expect(readEmbeddedSettings(bytes)).toBeNull()
    const routes = settingsRoutes(fakeRouteContext({ engine: async () => ({ curation }) as unknown as Engine }))
    const found = await routes['settings.fromFile']({ file: { fileName: 'saved.png', dataBase64: bytes.toString('base64') } })
    expect(found).toMatchObject({ source: 'mediagen', model: 'i6-1', prompt: 'a harbour at noon', request: { model: 'i6-1', i6Params: { aspect_ratio: '4:3', seed: 11 } } })
    expect(found.parameters).toMatch(/^a harbour at noon\n/)
  })

  it('is found by its entry when its sidecar is gone, and a picture the library does not have still carries nothing', async () => {
    const { bytes, abs, curation } = await libraryWithSignedPicture()
    await rm(xmpSidecarPath(abs))
    const routes = settingsRoutes(fakeRouteContext({ engine: async () => ({ curation }) as unknown as Engine }))
    expect(await routes['settings.fromFile']({ file: { fileName: 'saved.png', dataBase64: bytes.toString('base64') } })).toMatchObject({ source: 'mediagen', model: 'i6-1', prompt: 'a harbour at noon' })
    const other = await renderImage({ prompt: 'elsewhere', seed: 2, width: 40, height: 30, format: 'png' })
    await expect(routes['settings.fromFile']({ file: { fileName: 'other.png', dataBase64: other.toString('base64') } })).rejects.toMatchObject({ code: 'not_found', message: 'other.png carries no generation settings' })
  })

  it('imported again from a folder, is the library\'s own picture, not a new entry', async () => {
    const { root, library, bytes } = await libraryWithSignedPicture()
    const folder = join(root, 'desktop')
    await mkdir(folder)
    await writeFile(join(folder, 'saved.png'), bytes)
    const result = await importFolder(library, folder)
    expect(result).toMatchObject({ imported: 0, duplicates: 1, skipped: 0 })
    expect(library.size()).toBe(1)
  })
})
