// Only the app's own window, from its top-level frame and while it shows an app page,
// may talk to the main process.
import type { IpcMainInvokeEvent, WebContents } from 'electron'
import { describe, expect, it } from 'vitest'
import { appPagesFor, type AppPages } from '../../../src/main/electron/app-pages'
import { senderIsApp, type SenderPolicy } from '../../../src/main/electron/sender-check'

interface FakeFrame {
  url: string
  processId: number
  routingId: number
  parent: FakeFrame | null
  destroyed?: boolean
  isDestroyed(): boolean
}

function frame(url: string, ids: [number, number], parent: FakeFrame | null = null, destroyed = false): FakeFrame {
  return { url, processId: ids[0], routingId: ids[1], parent, destroyed, isDestroyed: () => destroyed }
}

// The built app's own rule: its page is served over app://mediagen, never file://.
const pages: AppPages = appPagesFor(undefined)
const APP_URL = pages.entryUrl

function setup(opts: { senderFrame?: FakeFrame | null; top?: FakeFrame; contentsDestroyed?: boolean; isApp?: boolean } = {}) {
  const top = opts.top ?? frame(APP_URL, [4, 1])
  const contents = { mainFrame: top, isDestroyed: () => opts.contentsDestroyed ?? false }
  const event = { sender: contents, senderFrame: opts.senderFrame === undefined ? top : opts.senderFrame } as unknown as IpcMainInvokeEvent
  const policy: SenderPolicy = { pages, isAppContents: (c: WebContents) => (opts.isApp ?? true) && c === (contents as unknown as WebContents) }
  return { event, policy, top }
}

describe('sender check', () => {
  it('accepts the app window’s top frame showing an app page', () => {
    const { event, policy } = setup()
    expect(senderIsApp(event, policy)).toBe(true)
  })

  it('accepts the top frame when Electron hands a different object for it', () => {
    const top = frame(APP_URL, [4, 1])
    const { event, policy } = setup({ top, senderFrame: frame(APP_URL, [4, 1]) })
    expect(senderIsApp(event, policy)).toBe(true)
  })

  it('refuses an iframe, even one that shows an app page', () => {
    const top = frame(APP_URL, [4, 1])
    const { event, policy } = setup({ top, senderFrame: frame(APP_URL, [4, 2], top) })
    expect(senderIsApp(event, policy)).toBe(false)
  })

  it('refuses the top frame once it has navigated away from the app', () => {
    const top = frame('https://evil.example/', [4, 1])
    const { event, policy } = setup({ top })
    expect(senderIsApp(event, policy)).toBe(false)
  })

  it('refuses a page loaded from disk, even the built page itself', () => {
    const top = frame('file:///opt/MediaGen/resources/app.asar/out/renderer/index.html', [4, 1])
    const { event, policy } = setup({ top })
    expect(senderIsApp(event, policy)).toBe(false)
  })

  it('refuses other web contents, destroyed senders and missing frames', () => {
    const other = setup({ isApp: false })
    expect(senderIsApp(other.event, other.policy)).toBe(false)
    const destroyed = setup({ contentsDestroyed: true })
    expect(senderIsApp(destroyed.event, destroyed.policy)).toBe(false)
    const gone = setup({ senderFrame: frame(APP_URL, [4, 1], null, true) })
    expect(senderIsApp(gone.event, gone.policy)).toBe(false)
    const none = setup({ senderFrame: null })
    expect(senderIsApp(none.event, none.policy)).toBe(false)
  })
})
