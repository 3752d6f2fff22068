// The built desktop app's notifications under the stand-in Electron: with its window in
// the background, a finished demo job is one system notification showing the job's
// thumbnail, a confirmed send of three is one more, a click brings the window forward and
// has the page open the result, and the running jobs show on the taskbar until none runs.
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AppApi } from '../../src/shared/contract'
import type { JobView, LibraryEntry } from '../../src/shared/app/views'
import { createElectronStub, installElectronStub, type ElectronStub } from './electron-stub'
import { runPreload } from './preload-vm'

const OUT = resolve(__dirname, '../../out')
const MAIN_BUNDLE = join(OUT, 'main/index.js')
const loadNative = createRequire(import.meta.url)

let userData: string
let stub: ElectronStub
let api: AppApi
/** What the page's handlers received of `notification.open`. */
const opened: unknown[] = []
/** The preload's listener on the event channel, fed what main sent the window. */
let deliverToPage: ((...args: unknown[]) => void) | null = null

async function ok<T>(route: string, input: unknown): Promise<T> {
  const r = await api.invoke(route as never, input as never)
  if (!r.ok) throw new Error(`${route}: ${r.error.message}`)
  return r.data as T
}

const saved = (jobId: string) => vi.waitFor(async () => {
  const entry = await ok<LibraryEntry>('library.get', { jobId })
  expect(entry.files[0]?.state).toBe('saved')
  return entry
}, { timeout: 60_000, interval: 50 })

beforeAll(async () => {
  if (!existsSync(MAIN_BUNDLE)) throw new Error(`${MAIN_BUNDLE} is missing: build the app first (npx electron-vite build)`)
  userData = await mkdtemp(join(tmpdir(), 'electron-notify-'))
  process.env['MEDIAGEN_USER_DATA'] = userData
  process.env['MEDIAGEN_DEMO_SPEED'] = '40'
  stub = createElectronStub({ userData: join(userData, 'unused-default') })
  installElectronStub(stub)
  loadNative(MAIN_BUNDLE)
  stub.emitReady()
  await vi.waitFor(() => expect(stub.record.ipcHandlers.has('app:invoke') && stub.record.windows.length === 1).toBe(true))
  const win = stub.window()
  const frame = win.webContents.mainFrame
  const preload = runPreload(
    await readFile(join(OUT, 'preload/index.cjs'), 'utf8'),
    (_channel, route, input) => stub.invoke(frame, win.webContents, route, input),
    (channel, ...args) => stub.send(frame, win.webContents, channel, ...args),
    (channel, listener) => void (channel === 'app:event' && (deliverToPage = listener))
  )
  api = preload['api'] as AppApi
  // Answered once the engine runs, by which time main forwards events; then the page
  // subscribes, as the app's shell does, and main sends it events from then on.
  expect(await api.invoke('app.info', {})).toMatchObject({ ok: true })
  api.on('notice', () => undefined)
  api.on('notification.open', (target) => opened.push(target))
  await vi.waitFor(() => expect(win.isVisible()).toBe(true))
})

afterAll(async () => {
  if (stub) {
    stub.electron.app.quit()
    await stub.exited
  }
  if (userData) await rm(userData, { recursive: true, force: true })
})

describe('notifications of the desktop app', () => {
  it('with the window in the background, a finished job is one notification showing its thumbnail', async () => {
    const win = stub.window()
    win.blur()
    const job = await ok<JobView>('jobs.submit', { request: { model: 'i1-1', prompt: 'a lighthouse at dusk' } })
    const entry = await saved(job.jobId!)
    const [note] = await vi.waitFor(() => {
      expect(stub.record.notifications).toHaveLength(1)
      return stub.record.notifications
    }, { timeout: 30_000, interval: 50 })
    expect(note!.options).toMatchObject({ title: 'Job done', body: 'i1-1: a lighthouse at dusk' })
    // The picture is the job's thumbnail, read from the library (as a PNG the system can show).
    const thumbnail = (await readdir(userData, { recursive: true })).find((p) => p.endsWith(entry.files[0]!.thumbnail!))
    expect(thumbnail).toBeTruthy()
    const shown = await sharp(note!.options.icon!.png!).raw().toBuffer({ resolveWithObject: true })
    const original = await sharp(join(userData, thumbnail!)).raw().toBuffer({ resolveWithObject: true })
    expect({ width: shown.info.width, height: shown.info.height }).toEqual({ width: original.info.width, height: original.info.height })
    expect(shown.data.equals(original.data)).toBe(true)
  })

  it('a confirmed send of three is one notification more, and the taskbar showed them running, then nothing', async () => {
    stub.record.progress.length = 0
    stub.record.badge.length = 0
    const jobs = ['red', 'green', 'blue'].map((c) => ({ request: { model: 'i1-1', prompt: `a ${c} kite` } }))
    const answers = await ok<{ ok: boolean; job: JobView }[]>('jobs.submitConfirmed', { jobs })
    for (const a of answers) await saved(a.job.jobId!)
    await vi.waitFor(() => expect(stub.record.notifications).toHaveLength(2), { timeout: 30_000, interval: 50 })
    expect(stub.record.notifications[1]!.options).toMatchObject({ title: 'Your 3 jobs have finished', body: '3 of 3 done' })
    expect(Math.max(...stub.record.badge)).toBe(3)
    expect(stub.record.progress.some((p) => p >= 0 && p <= 1)).toBe(true)
    await vi.waitFor(() => {
      expect(stub.record.progress.at(-1)).toBe(-1)
      expect(stub.record.badge.at(-1)).toBe(0)
    })
  })

  it('a click brings the window forward, and the page opens the result in the gallery', async () => {
    const win = stub.window()
    const note = stub.record.notifications[0]!
    const jobId = (await ok<JobView[]>('jobs.list', {})).find((j) => j.prompt === 'a lighthouse at dusk')!.jobId
    expect(win.isFocused()).toBe(false)
    note.emit('click')
    expect(win.isFocused()).toBe(true)
    const sent = win.webContents.sent.filter(([channel, name]) => channel === 'app:event' && name === 'notification.open')
    expect(sent).toEqual([['app:event', 'notification.open', { view: 'gallery', jobId }]])
    for (const [, ...args] of sent) deliverToPage!({}, ...args)
    expect(opened).toEqual([{ view: 'gallery', jobId }])
  })

})
