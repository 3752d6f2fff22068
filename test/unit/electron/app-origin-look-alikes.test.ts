// The one test of "is this the app's page" that the IPC sender check, the navigation guard
// and the CSP share compares the whole origin: a URL that only begins like the app's (more
// after its host or port, a longer port, a user part) is not the app, and a window showing
// one cannot talk to the main process.
import type { IpcMainInvokeEvent, WebContents } from 'electron'
import { describe, expect, it } from 'vitest'
import { appPagesFor, type AppPages } from '../../../src/main/electron/app-pages'
import { senderIsApp } from '../../../src/main/electron/sender-check'

/** Whether a window's top frame showing `url` may call the main process. */
function mayCall(pages: AppPages, url: string): boolean {
  const top = { url, processId: 4, routingId: 1, parent: null, isDestroyed: () => false }
  const contents = { mainFrame: top, isDestroyed: () => false }
  const event = { sender: contents, senderFrame: top } as unknown as IpcMainInvokeEvent
  return senderIsApp(event, { pages, isAppContents: (c: WebContents) => c === (contents as unknown as WebContents) })
}

const CASES = {
  built: {
    pages: appPagesFor(undefined),
    own: ['app://mediagen/index.html', 'app://mediagen/', 'app://mediagen/assets/index.js'],
    lookAlikes: [
      'app://mediagen.evil.com/index.html',
      'app://mediagenx/index.html',
      'app://mediagen@evil.com/index.html',
      'app://evil.com@mediagen/index.html',
      'app://mediagen:0/index.html',
      'app://mediagen%2eevil/index.html',
      'apps://mediagen/index.html',
      'http://mediagen/index.html'
    ]
  },
  dev: {
    pages: appPagesFor('http://localhost:5173/'),
    own: ['http://localhost:5173/', 'http://LOCALHOST:5173/src/main.tsx', 'http://localhost:5173/#token'],
    lookAlikes: [
      'http://localhost:5173.evil.com/',
      'http://localhost:51730/',
      'http://localhost:5173@evil.com/',
      'http://localhost:5173x@evil.com/',
      'http://localhost.:5173/',
      'http://localhost.evil.com:5173/',
      'http://127.0.0.1:5173/',
      'https://localhost:5173/',
      'ws://localhost:5173/'
    ]
  }
}

describe.each(Object.entries(CASES))('the app’s origin (%s pages)', (_kind, { pages, own, lookAlikes }) => {
  it('is the app for its own URLs', () => {
    for (const url of own) {
      expect(pages.isAppUrl(url), url).toBe(true)
      expect(mayCall(pages, url), url).toBe(true)
    }
  })

  it('is not the app for a URL that only begins like it', () => {
    for (const url of lookAlikes) {
      expect(pages.isAppUrl(url), url).toBe(false)
      expect(mayCall(pages, url), url).toBe(false)
    }
  })
})
