// The page's way to import a folder: `library.import` answers with what was done and sends
// progress meanwhile; one import runs at a time; `library.importCancel` stops it between
// files; closing the app mid-import leaves nothing half-imported; a bad `dir` is refused
// naming the field.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AppController } from '../../../src/main/core/app/controller'
import type { ImportResult } from '../../../src/shared/app/library-import'
import type { AppEvent, Result } from '../../../src/shared/contract'
import type { LibraryEntry } from '../../../src/shared/app/views'
import { cleanupAfterEach } from '../support/cleanup'
import { startTestController } from '../support/test-controller'
import { pngWithText } from '../support/tool-images'

const cleanup = cleanupAfterEach()

async function pictures(count: number): Promise<string> {
  const dir = await cleanup.tempDir('import-route-src-')
  for (let i = 0; i < count; i++) await writeFile(join(dir, `${String(i).padStart(3, '0')}.png`), await pngWithText({ parameters: `a kite number ${i}\nSteps: 12, Seed: ${i}, Size: 24x16, Model: kite_xl` }))
  return dir
}

async function controller(dataDir?: string): Promise<{ c: AppController; events: AppEvent[]; dataDir: string }> {
  const dir = dataDir ?? (await cleanup.tempDir('import-route-app-'))
  const { controller: c, events } = await startTestController(dir)
  cleanup.defer(() => c.close())
  return { c, events, dataDir: dir }
}

const progressOf = (events: AppEvent[]) => events.flatMap((e) => (e.name === 'library.importProgress' ? [e.payload] : []))

/** Resolves at the first event matching `test` (an entry imported is sent at once; progress only a few times a second). */
function eventWhere(c: AppController, test: (e: AppEvent) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const off = c.onEvent((e) => {
      if (!test(e)) return
      off()
      resolve()
    })
  })
}

describe('library.import', () => {
  it('imports a folder, sends its progress, and the entries list like any other', async () => {
    const { c, events } = await controller()
    const dir = await pictures(3)
    const r = (await c.dispatch('library.import', { dir })) as Result<ImportResult>
    expect(r).toMatchObject({ ok: true, data: { dir, found: 3, imported: 3, skipped: 0, cancelled: false } })
    const progress = progressOf(events)
    expect(progress.map((p) => p.phase)).toContain('import')
    expect(progress.at(-1)).toMatchObject({ phase: 'done', imported: 3 })
    expect(events.filter((e) => e.name === 'library.updated')).toHaveLength(3)
    const list = (await c.dispatch('library.list', { query: 'kite' })) as Result<{ entries: LibraryEntry[] }>
    expect(list.ok && list.data.entries.map((e) => [e.origin, e.model, e.imported?.tool])).toEqual([
      ['import', 'kite_xl', 'a1111'], ['import', 'kite_xl', 'a1111'], ['import', 'kite_xl', 'a1111']
    ])
  })

  it('refuses a bad folder naming the field', async () => {
    const { c } = await controller()
    const real = await pictures(1)
    for (const input of [{ dir: '' }, { dir: 42 }, {}, { dir: real, extra: 1 }, { dir: 'x'.repeat(5000) }]) {
      const r = await c.dispatch('library.import', input)
      expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    }
    const relative = await c.dispatch('library.import', { dir: 'pictures/comfy' })
    expect(relative).toEqual({ ok: false, error: { code: 'invalid_input', message: "Give the folder's full path (got 'pictures/comfy')", details: { dir: ["Give the folder's full path (got 'pictures/comfy')"] } } })
    const missing = await c.dispatch('library.import', { dir: '/nonexistent/pictures' })
    expect(missing).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { dir: ['There is no folder at /nonexistent/pictures'] } } })
  })

  it('runs one import at a time, and stops between files when cancelled', async () => {
    const { c } = await controller()
    const dir = await pictures(60)
    expect(await c.dispatch('library.importCancel', {})).toEqual({ ok: true, data: { cancelled: false } })
    const started = eventWhere(c, (e) => e.name === 'library.updated')
    const first = c.dispatch('library.import', { dir }) as Promise<Result<ImportResult>>
    await started
    expect(await c.dispatch('library.import', { dir })).toMatchObject({ ok: false, error: { code: 'conflict' } })
    expect(await c.dispatch('library.importCancel', {})).toEqual({ ok: true, data: { cancelled: true } })
    const r = await first
    expect(r).toMatchObject({ ok: true, data: { cancelled: true } })
    const done = r.ok ? r.data.done : 0
    expect(done).toBeLessThan(60)
    // The next import takes the rest.
    expect(await c.dispatch('library.import', { dir })).toMatchObject({ ok: true, data: { imported: 60 - (r.ok ? r.data.imported : 0), cancelled: false } })
  })

  it('is stopped whole by closing the app, and the next start imports the rest, each picture once', async () => {
    const { c, dataDir } = await controller()
    const dir = await pictures(60)
    const started = eventWhere(c, (e) => e.name === 'library.updated')
    const first = c.dispatch('library.import', { dir }) as Promise<Result<ImportResult>>
    await started
    await c.close()
    expect(await first).toMatchObject({ ok: true, data: { cancelled: true } })

    const again = await controller(dataDir)
    expect(await again.c.dispatch('library.import', { dir })).toMatchObject({ ok: true, data: { found: 60, cancelled: false } })
    const list = (await again.c.dispatch('library.list', { limit: 100 })) as Result<{ entries: LibraryEntry[]; total: number }>
    expect(list.ok && list.data.total).toBe(60)
    expect(new Set(list.ok ? list.data.entries.map((e) => e.prompt) : []).size).toBe(60)
  })
})
