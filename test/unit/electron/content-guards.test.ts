// What any web contents of the app may do, whatever its page asks: open no window of its
// own (links for the browser go through the shell route), navigate nowhere but the app's
// entry page, attach no webview. Checked against a minimal stand-in for Electron's `app`
// and web contents, since the guards are wired through their events.
import { EventEmitter } from 'node:events'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { appPagesFor } from '../../../src/main/electron/app-pages'
import { guardAllContents } from '../../../src/main/electron/security'

type Listener = (...args: unknown[]) => void
const electron = vi.hoisted(() => ({ appListeners: new Map<string, Listener[]>() }))
vi.mock('electron', () => ({
  app: {
    on: (event: string, listener: Listener) => {
      electron.appListeners.set(event, [...(electron.appListeners.get(event) ?? []), listener])
    }
  }
}))

type OpenHandler = (details: { url: string; frameName: string; features: string; disposition: string }) => { action: 'allow' | 'deny' }

/** The part of webContents the guards use: an event emitter with a window-open handler. */
class FakeContents extends EventEmitter {
  openHandler: OpenHandler | null = null
  setWindowOpenHandler(handler: OpenHandler): void {
    this.openHandler = handler
  }
  /** Asks to open `url` the way window.open or a target=_blank link does. */
  open(url: string, disposition = 'new-window'): 'allow' | 'deny' | 'no handler' {
    return this.openHandler?.({ url, frameName: '', features: '', disposition }).action ?? 'no handler'
  }
  /** Sends a navigation event and says whether the guard stopped it. */
  navigate(event: 'will-navigate' | 'will-frame-navigate' | 'will-redirect', url: string, { isMainFrame = true, isSameDocument = false } = {}): boolean {
    let prevented = false
    this.emit(event, { url, isMainFrame, isSameDocument, preventDefault: () => (prevented = true) })
    return prevented
  }
}

const pages = appPagesFor(undefined)

function createdContents(): FakeContents {
  const contents = new FakeContents()
  for (const listener of electron.appListeners.get('web-contents-created') ?? []) listener({}, contents)
  return contents
}

beforeAll(() => {
  guardAllContents(pages)
})

describe('web contents guards', () => {
  it('deny every window a page tries to open, the app\'s own pages included', () => {
    const contents = createdContents()
    for (const url of ['https://evil.example/', 'about:blank', pages.entryUrl, 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect(contents.open(url), url).toBe('deny')
      expect(contents.open(url, 'foreground-tab'), url).toBe('deny')
    }
  })

  it('guard every web contents the app creates, not only the first', () => {
    createdContents()
    const later = createdContents()
    expect(later.open('https://evil.example/')).toBe('deny')
    expect(later.navigate('will-navigate', 'https://evil.example/')).toBe(true)
  })

  it('stop navigation away from the app, and let the entry page reload', () => {
    const contents = createdContents()
    expect(contents.navigate('will-navigate', 'https://evil.example/')).toBe(true)
    expect(contents.navigate('will-navigate', 'file:///opt/MediaGen/resources/app.asar/out/renderer/index.html')).toBe(true)
    expect(contents.navigate('will-frame-navigate', 'https://evil.example/', { isMainFrame: false })).toBe(true)
    // A frame cannot load even the entry page; the top frame may reload it, and hash routes pass.
    expect(contents.navigate('will-frame-navigate', pages.entryUrl, { isMainFrame: false })).toBe(true)
    expect(contents.navigate('will-navigate', pages.entryUrl)).toBe(false)
    expect(contents.navigate('will-navigate', `${pages.entryUrl}#/gallery`, { isSameDocument: true })).toBe(false)
  })

  it('stop redirects out of the app and every webview', () => {
    const contents = createdContents()
    expect(contents.navigate('will-redirect', 'https://evil.example/')).toBe(true)
    expect(contents.navigate('will-redirect', pages.entryUrl)).toBe(false)
    let prevented = false
    contents.emit('will-attach-webview', { preventDefault: () => (prevented = true) })
    expect(prevented).toBe(true)
  })
})
