// Which URLs count as the app's own pages: the IPC sender check, the navigation guard and
// the permission handlers all ask this one question.
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { appPagesFor } from '../../../src/main/electron/app-pages'

const root = resolve('/opt/MediaGen Studio/resources/app/out')
const built = { rendererDir: join(root, 'renderer'), rendererIndex: join(root, 'renderer', 'index.html') }
const fileUrl = (...parts: string[]) => pathToFileURL(join(...parts)).href

describe('built pages', () => {
  const pages = appPagesFor(undefined, built)

  it('loads the built index and has no dev origin', () => {
    expect(pages.entryUrl).toBe(fileUrl(built.rendererIndex))
    expect(pages.devOrigin).toBeNull()
  })

  it('takes files inside the renderer folder, whatever their escaping', () => {
    expect(pages.isAppUrl(fileUrl(built.rendererIndex))).toBe(true)
    expect(pages.isAppUrl(fileUrl(built.rendererDir, 'assets', 'index-abc.js'))).toBe(true)
    // Chromium escapes the space of "MediaGen Studio"; so may a hand-written URL.
    expect(pages.isAppUrl(fileUrl(built.rendererDir, 'assets', 'a b.css').replace('a%20b', 'a b'))).toBe(true)
  })

  it('refuses files outside it, the folder itself, and look-alike folders', () => {
    expect(pages.isAppUrl(pathToFileURL(built.rendererDir).href)).toBe(false)
    expect(pages.isAppUrl(fileUrl(root, 'main', 'index.js'))).toBe(false)
    expect(pages.isAppUrl(fileUrl(root, 'renderer-evil', 'index.html'))).toBe(false)
    expect(pages.isAppUrl(`${pathToFileURL(built.rendererDir).href}/../main/index.js`)).toBe(false)
    expect(pages.isAppUrl(`${pathToFileURL(built.rendererDir).href}/%2e%2e/main/index.js`)).toBe(false)
  })

  it('refuses other schemes, remote file URLs and garbage', () => {
    expect(pages.isAppUrl('https://example.com/index.html')).toBe(false)
    expect(pages.isAppUrl(`file://server${built.rendererIndex}`)).toBe(false)
    expect(pages.isAppUrl('mediagen-library://file/a.png')).toBe(false)
    expect(pages.isAppUrl('not a url')).toBe(false)
  })

  it('knows the entry document with or without query and fragment, and nothing else', () => {
    expect(pages.isEntryDocument(`${fileUrl(built.rendererIndex)}?token=1#gallery`)).toBe(true)
    expect(pages.isEntryDocument(fileUrl(built.rendererDir, 'other.html'))).toBe(false)
    expect(pages.isEntryDocument('https://example.com/index.html')).toBe(false)
  })
})

describe('dev server pages', () => {
  const pages = appPagesFor('http://localhost:5173/', built)

  it('loads the dev server and trusts its origin only', () => {
    expect(pages.entryUrl).toBe('http://localhost:5173/')
    expect(pages.devOrigin).toBe('http://localhost:5173')
    expect(pages.isAppUrl('http://localhost:5173/src/main.tsx')).toBe(true)
    expect(pages.isAppUrl('http://localhost:5174/')).toBe(false)
    expect(pages.isAppUrl('https://localhost:5173/')).toBe(false)
    expect(pages.isAppUrl(fileUrl(built.rendererIndex))).toBe(false)
  })

  it('knows the entry document regardless of query and fragment', () => {
    expect(pages.isEntryDocument('http://localhost:5173/?x=1#y')).toBe(true)
    expect(pages.isEntryDocument('http://localhost:5173/other')).toBe(false)
  })

  it('ignores a dev URL that is not http(s), using the built files', () => {
    const fallback = appPagesFor('file:///tmp/evil.html', built)
    expect(fallback.devOrigin).toBeNull()
    expect(fallback.isAppUrl('file:///tmp/evil.html')).toBe(false)
    expect(appPagesFor('::not a url::', built).devOrigin).toBeNull()
  })
})
