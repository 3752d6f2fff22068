// Which URLs count as the app's own pages: the IPC sender check, the navigation guard and
// the permission handlers all ask this one question.
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { appPagesFor } from '../../../src/main/electron/app-pages'

const root = resolve('/opt/MediaGen Studio/resources/app/out')
const rendererIndex = join(root, 'renderer', 'index.html')
const fileUrl = (...parts: string[]) => pathToFileURL(join(...parts)).href

describe('built pages, served over the app\'s own scheme', () => {
  const pages = appPagesFor(undefined)

  it('loads app://mediagen/index.html and has no dev origin', () => {
    expect(pages.entryUrl).toBe('app://mediagen/index.html')
    expect(pages.devOrigin).toBeNull()
  })

  it('takes the page and its assets, escaped or not', () => {
    expect(pages.isAppUrl('app://mediagen/index.html')).toBe(true)
    expect(pages.isAppUrl('app://mediagen/')).toBe(true)
    expect(pages.isAppUrl('app://mediagen/assets/index-abc.js')).toBe(true)
    expect(pages.isAppUrl('app://mediagen/assets/a%20b.css')).toBe(true)
  })

  it('refuses file:// pages, even the built page itself, and other hosts and schemes', () => {
    expect(pages.isAppUrl(fileUrl(rendererIndex))).toBe(false)
    expect(pages.isAppUrl('app://other/index.html')).toBe(false)
    expect(pages.isAppUrl('app://user@mediagen/index.html')).toBe(false)
    expect(pages.isAppUrl('app://mediagen:8080/index.html')).toBe(false)
    expect(pages.isAppUrl('https://example.com/index.html')).toBe(false)
    expect(pages.isAppUrl('mediagen-library://file/a.png')).toBe(false)
    expect(pages.isAppUrl('not a url')).toBe(false)
  })

  it('refuses paths that decoding could turn into a way out', () => {
    expect(pages.isAppUrl('app://mediagen/assets%2F..%2F..%2Fmain%2Findex.js')).toBe(false)
    expect(pages.isAppUrl('app://mediagen/a%5C..%5Cmain.js')).toBe(false)
    expect(pages.isAppUrl('app://mediagen/a%00.js')).toBe(false)
  })

  it('knows the entry document with or without query and fragment, and nothing else', () => {
    expect(pages.isEntryDocument('app://mediagen/index.html?token=1#gallery')).toBe(true)
    expect(pages.isEntryDocument('app://mediagen/#queue')).toBe(true)
    expect(pages.isEntryDocument('app://mediagen/other.html')).toBe(false)
    expect(pages.isEntryDocument(fileUrl(rendererIndex))).toBe(false)
    expect(pages.isEntryDocument('https://example.com/index.html')).toBe(false)
  })
})

describe('dev server pages', () => {
  const pages = appPagesFor('http://localhost:5173/')

  it('loads the dev server and trusts its origin only', () => {
    expect(pages.entryUrl).toBe('http://localhost:5173/')
    expect(pages.devOrigin).toBe('http://localhost:5173')
    expect(pages.isAppUrl('http://localhost:5173/src/main.tsx')).toBe(true)
    expect(pages.isAppUrl('http://localhost:5174/')).toBe(false)
    expect(pages.isAppUrl('https://localhost:5173/')).toBe(false)
    expect(pages.isAppUrl(fileUrl(rendererIndex))).toBe(false)
    expect(pages.isAppUrl('app://mediagen/index.html')).toBe(false)
  })

  it('knows the entry document regardless of query and fragment', () => {
    expect(pages.isEntryDocument('http://localhost:5173/?x=1#y')).toBe(true)
    expect(pages.isEntryDocument('http://localhost:5173/other')).toBe(false)
  })

  it('ignores a dev URL that is not http(s), using the built files', () => {
    const fallback = appPagesFor('file:///tmp/evil.html')
    expect(fallback.devOrigin).toBeNull()
    expect(fallback.entryUrl).toBe('app://mediagen/index.html')
    expect(fallback.isAppUrl('file:///tmp/evil.html')).toBe(false)
    expect(appPagesFor('::not a url::').devOrigin).toBeNull()
  })
})
