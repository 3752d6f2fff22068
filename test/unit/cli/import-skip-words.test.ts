// A file `import` left out is printed in the command line's language, whoever imported it:
// the process holding the folder (the app, in another language, say) sends the catalogs'
// key and values beside its own words, and a key this version does not know is printed as
// the holder said it.
import { afterEach, describe, expect, it } from 'vitest'
import { importNewsPrinter } from '../../../src/main/cli/import'
import { setMainLanguage } from '../../../src/main/core/i18n/main-i18n'

afterEach(async () => {
  await setMainLanguage('en', [])
})

function printedFor(news: Parameters<ReturnType<typeof importNewsPrinter>>[0]): string[] {
  const lines: string[] = []
  importNewsPrinter((line) => void lines.push(line))(news)
  return lines
}

describe('a skipped file on the command line', () => {
  it('is said in the command line’s language from the key the holder sent', async () => {
    await setMainLanguage('de', [])
    const lines = printedFor({ type: 'skipped', path: '/pictures/clip.mp4', reason: 'A video file: only pictures are imported', key: 'main:importSkip.notPicture', values: { kind: 'video' } })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('/pictures/clip.mp4')
    expect(lines[0]).not.toContain('A video file')
    expect(lines[0]).toContain('Eine Videodatei')
  })

  it('keeps the holder’s words for a key it does not know, or none', () => {
    expect(printedFor({ type: 'skipped', path: '/a.png', reason: 'Une raison plus récente', key: 'main:importSkip.fromANewerVersion' })[0]).toContain('Une raison plus récente')
    expect(printedFor({ type: 'skipped', path: '/b.png', reason: 'Ein älterer Grund' })[0]).toContain('Ein älterer Grund')
  })
})
