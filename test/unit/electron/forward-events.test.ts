// The page may subscribe to events before the engine has started (the window opens at
// once; the engine takes its folder meanwhile). Its "listening" must still be heard, so
// that the notices the engine raises once it is up (why it could not open the library,
// say) reach the page instead of waiting for a page that already listens.
import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import type { AppEvent } from '../../../src/shared/contract'

const ipc = vi.hoisted(() => ({ main: null as unknown as EventEmitter }))
vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events')
  ipc.main = new Emitter()
  return { ipcMain: ipc.main }
})

const { forwardEvents, EVENT_CHANNEL, LISTENING_CHANNEL } = await import('../../../src/main/electron/ipc-router')

const PAGE_URL = 'app://mediagen/index.html'

function appWindow() {
  const sent: unknown[][] = []
  const mainFrame = { url: PAGE_URL, parent: null, processId: 1, routingId: 1, isDestroyed: () => false }
  const webContents = { id: 7, mainFrame, isDestroyed: () => false, send: (...args: unknown[]) => sent.push(args) }
  return { win: { isDestroyed: () => false, webContents }, sent, listening: { sender: webContents, senderFrame: mainFrame } }
}

/** A source of events that starts when told to, as the controller does once its engine runs. */
function lateSource() {
  const events = new EventEmitter()
  let start: (s: { onEvent(l: (e: AppEvent) => void): () => void }) => void = () => undefined
  const started = new Promise<{ onEvent(l: (e: AppEvent) => void): () => void }>((resolve) => (start = resolve))
  const source = {
    onEvent: (l: (e: AppEvent) => void) => {
      events.on('event', l)
      return () => events.off('event', l)
    }
  }
  return { started, start: () => start(source), raise: (e: AppEvent) => events.emit('event', e) }
}

describe('events to the window while the engine starts', () => {
  it('hears the page listening before the controller has started, and hands it the notices raised after', async () => {
    const { win, sent, listening } = appWindow()
    const controller = lateSource()
    const policy = { pages: { isAppUrl: (url: string) => url === PAGE_URL } as never, isAppContents: () => true }
    const stop = forwardEvents([controller.started], () => win as never, policy)

    // The page subscribes while the engine is still starting.
    ipc.main.emit(LISTENING_CHANNEL, listening)
    controller.start()
    await controller.started
    await Promise.resolve()
    const notice: AppEvent = { name: 'notice', payload: { level: 'warning', message: 'The library could not be opened.' } }
    controller.raise(notice)

    expect(sent).toEqual([[EVENT_CHANNEL, 'notice', notice.payload]])
    stop()
  })
})
