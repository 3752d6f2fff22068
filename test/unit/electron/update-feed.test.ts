// The feed, once its signature verified, is read field by field: what the updater acts on
// must be well formed, every file must carry the SHA-512 it is checked against, and the
// release notes reach the page as plain text.
import { describe, expect, it } from 'vitest'
import { FeedFormatError, parseFeed, releaseNotesText } from '../../../src/main/electron/update-feed'

const SHA = `${'A'.repeat(86)}==`

/** latest-linux.yml as electron-builder 26 writes it. */
const FEED = `version: 0.2.0
files:
  - url: mediagen-studio-0.2.0-x86_64.AppImage
    sha512: ${SHA}
    size: 123456
    blockMapSize: 1234
path: mediagen-studio-0.2.0-x86_64.AppImage
sha512: ${SHA}
releaseDate: '2030-01-02T03:04:05.000Z'
releaseNotes: |-
  A faster gallery.
  Updates install themselves.
`

describe('reading the update feed', () => {
  it('reads electron-builder’s feed, keeping every field the updater uses', () => {
    const info = parseFeed(FEED)
    expect(info).toMatchObject({ version: '0.2.0', path: 'mediagen-studio-0.2.0-x86_64.AppImage', releaseDate: '2030-01-02T03:04:05.000Z' })
    expect(info.files).toEqual([{ url: 'mediagen-studio-0.2.0-x86_64.AppImage', sha512: SHA, size: 123456, blockMapSize: 1234 }])
    expect(info.releaseNotes).toBe('A faster gallery.\nUpdates install themselves.')
  })

  it('refuses a file without a SHA-512, naming the field', () => {
    const noSha = FEED.replace(`    sha512: ${SHA}\n`, '    sha2: abc\n')
    expect(() => parseFeed(noSha)).toThrow(FeedFormatError)
    expect(() => parseFeed(noSha)).toThrow(/files\.0\.sha512/)
    expect(() => parseFeed(FEED.replace(`    sha512: ${SHA}`, '    sha512: not-a-digest'))).toThrow(/files\.0\.sha512: Must be a SHA-512 digest/)
  })

  it('refuses a feed without files, with a version that is not one, or that is not YAML', () => {
    expect(() => parseFeed('version: 0.2.0\nfiles: []\n')).toThrow(/files: The feed lists no files/)
    expect(() => parseFeed(FEED.replace('version: 0.2.0', 'version: latest'))).toThrow(/version: Must be a version/)
    expect(() => parseFeed('version: [0.2.0\n')).toThrow(/not YAML/)
    expect(() => parseFeed('<html>502 Bad Gateway</html>')).toThrow(FeedFormatError)
    expect(() => parseFeed(`${FEED}#${'x'.repeat(300 * 1024)}`)).toThrow(/too large/)
  })

  it('accepts a hexadecimal SHA-512 too, as electron-updater does', () => {
    expect(parseFeed(FEED.replace(`    sha512: ${SHA}`, `    sha512: ${'ab'.repeat(64)}`)).files[0]!.sha512).toBe('ab'.repeat(64))
  })
})

describe('what is new, for the page', () => {
  it('is the notes as plain text: markup dropped, entities read', () => {
    expect(releaseNotesText('<p>Faster <b>gallery</b></p><ul><li>Fix &amp; polish</li></ul>')).toBe('Faster gallery\nFix & polish')
  })

  it('joins notes listed per version', () => {
    expect(releaseNotesText([{ version: '0.2.0', note: 'Faster.' }, { version: '0.1.1', note: null }])).toBe('0.2.0\nFaster.\n\n0.1.1')
  })

  it('is null when there is nothing to say, and capped when there is too much', () => {
    expect(releaseNotesText(null)).toBeNull()
    expect(releaseNotesText(' <br/> ')).toBeNull()
    const long = releaseNotesText('x'.repeat(10_000))!
    expect(long).toHaveLength(4000)
    expect(long.endsWith('…')).toBe(true)
  })
})
