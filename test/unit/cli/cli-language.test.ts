// The command line speaks the terminal's language (LC_ALL over LC_MESSAGES over LANG, as
// POSIX programs do): its help, its exit codes' meanings and its error lines, English for
// a language it does not have.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXIT } from '../../../src/main/cli/exit-codes'
import { runCli } from './run-cli'

let dir: string
beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'cli-language-'))))
afterAll(() => rm(dir, { recursive: true, force: true }))

const codes = [...new Set(Object.values(EXIT))]

describe('the command line’s language', () => {
  it('prints --help in German under LANG=de_DE.UTF-8, with every exit code', async () => {
    const r = await runCli(join(dir, 'de'), ['sync', '--help'], { env: { LANG: 'de_DE.UTF-8' } })
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^Aufruf: npm run cli -- /)
    expect(r.out).toContain('Befehle:')
    expect(r.out).toContain('  sync [--timeout S]  das Journal fortsetzen')
    expect(r.out).toContain('Exit-Codes:')
    for (const code of codes) expect(r.out).toMatch(new RegExp(`^  ${code} +\\S`, 'm'))
    expect(r.out).toContain('  130 import: mit Strg+C abgebrochen; erneut ausführen, um fortzufahren')
    // Wrapped for a terminal: no line is wider than 80 columns (the syntax line aside).
    expect(r.out.split('\n').slice(1).filter((line) => line.length > 80)).toEqual([])
  })

  it('prefers LC_ALL to LANG, and wraps Japanese by the columns a terminal gives it', async () => {
    const r = await runCli(join(dir, 'ja'), ['--help'], { env: { LANG: 'de_DE.UTF-8', LC_ALL: 'ja_JP.UTF-8' } })
    expect(r.out).toMatch(/^使い方：npm run cli -- /)
    expect(r.out).toContain('終了コード：')
    const wide = (line: string) => [...line].reduce((n, ch) => n + (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60]/u.test(ch) ? 2 : 1), 0)
    expect(r.out.split('\n').slice(1).filter((line) => wide(line) > 80)).toEqual([])
  })

  it('says a mistake on the command line in the terminal’s language, with the same exit code', async () => {
    const r = await runCli(join(dir, 'fr'), ['sync', '--timout', '30'], { env: { LANG: 'fr_FR.UTF-8', MEDIAGEN_API_KEY: 'k' } })
    expect(r.code).toBe(EXIT.usage)
    expect(r.err).toMatch(/^erreur\u00a0: .*--timout.* \(voir --help\)\n$/)
  })

  it('speaks English for a language it does not have, and for the C locale', async () => {
    for (const LANG of ['tlh_XX.UTF-8', 'C']) {
      const r = await runCli(join(dir, 'en'), ['sync', '--help'], { env: { LANG } })
      expect(r.out, LANG).toMatch(/^Usage: npm run cli -- /)
    }
  })
})
