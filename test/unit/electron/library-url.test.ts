// The library protocol's URLs name a file inside the library and nothing else.
import { describe, expect, it } from 'vitest'
import { LIBRARY_SCHEME, relativePathOf } from '../../../src/main/electron/library-url'

const url = (path: string) => `${LIBRARY_SCHEME}://file/${path}`

describe('library URLs', () => {
  it('give the library-relative path, decoded', () => {
    expect(relativePathOf(url('files/job-1/0.png'))).toBe('files/job-1/0.png')
    expect(relativePathOf(url('thumbs/job%201/0%20small.webp'))).toBe('thumbs/job 1/0 small.webp')
    expect(relativePathOf(url('files/%C3%A9t%C3%A9/0.png'))).toBe('files/été/0.png')
  })

  it('ignore a query string and a fragment', () => {
    expect(relativePathOf(`${url('files/job-1/0.webm')}?v=2#t=3`)).toBe('files/job-1/0.webm')
  })

  it('stay inside the library whatever dot segments say', () => {
    // The URL parser folds these before the path is read; nothing may climb out.
    for (const sneaky of ['../secret.txt', 'files/../../secret.txt', '%2e%2e/secret.txt', 'files/%2E%2E/%2e%2e/x']) {
      const path = relativePathOf(url(sneaky))
      expect(path === null || !path.split('/').includes('..')).toBe(true)
    }
  })

  it('refuse what decoding could smuggle in', () => {
    expect(relativePathOf(url('files/a%2F..%2F..%2Fsecret'))).toBeNull()
    expect(relativePathOf(url('files/a%5C..%5Csecret'))).toBeNull()
    expect(relativePathOf(url('files/a%00.png'))).toBeNull()
    expect(relativePathOf(url('C%3A/Windows/win.ini'))).toBeNull()
    expect(relativePathOf(url('files//0.png'))).toBeNull()
    expect(relativePathOf(url('files/%E0%A4%A'))).toBeNull()
  })

  it('refuse other schemes, hosts, credentials, ports and empty paths', () => {
    expect(relativePathOf('file:///etc/passwd')).toBeNull()
    expect(relativePathOf(`${LIBRARY_SCHEME}://other/files/0.png`)).toBeNull()
    expect(relativePathOf(`${LIBRARY_SCHEME}://user:pw@file/files/0.png`)).toBeNull()
    expect(relativePathOf(`${LIBRARY_SCHEME}://file:8080/files/0.png`)).toBeNull()
    expect(relativePathOf(`${LIBRARY_SCHEME}://file/`)).toBeNull()
    expect(relativePathOf('not a url')).toBeNull()
  })
})
