// The contract over IPC: a call reaches the engine (demo mode on a fresh profile), a bad
// input comes back as invalid_input naming the field, and the demo banner shows.
import { electronSkipReason, expect, test, type PageGlobal } from './electron-app'

// Skipped, with the reason printed, where no Electron binary (or no display) is available.
const whyElectronCannotRun = electronSkipReason()
test.skip(whyElectronCannotRun !== null, `Electron cannot run here: ${whyElectronCannotRun}`)

test('app.info answers over IPC in demo mode', async ({ shell }) => {
  const r = await shell.window.evaluate(() => (globalThis as unknown as PageGlobal).api!.invoke('app.info', {}))
  expect(r.ok).toBe(true)
  expect(r.data?.['mode']).toBe('demo')
  expect(r.data?.['platform']).toBe('electron')
  expect(r.data?.['keySet']).toBe(false)
})

test('a malformed input is refused with invalid_input naming the field', async ({ shell }) => {
  const r = await shell.window.evaluate(() => (globalThis as unknown as PageGlobal).api!.invoke('jobs.cancel', { localId: 42 }))
  expect(r.ok).toBe(false)
  expect(r.error?.code).toBe('invalid_input')
  expect(Object.keys(r.error?.details ?? {})).toContain('localId')
})

test('unknown routes and events are stopped in the preload', async ({ shell }) => {
  const out = await shell.window.evaluate(async () => {
    const api = (globalThis as unknown as PageGlobal).api!
    const route = await api.invoke('fs.readFile', { path: '/etc/passwd' })
    let eventError = ''
    try {
      api.on('ipc.raw', () => {})
    } catch (err) {
      eventError = err instanceof Error ? err.message : String(err)
    }
    const off = api.on('app.changed', () => {})
    return { routeCode: route.error?.code, eventError, offType: typeof off }
  })
  expect(out.routeCode).toBe('unknown_route')
  expect(out.eventError).toContain('Unknown event')
  expect(out.offType).toBe('function')
})

test('the demo banner is visible on a fresh profile', async ({ shell }) => {
  await expect(shell.window.getByTestId('demo-banner')).toBeVisible()
})
