// Every file under src/ is in exactly one zone of eslint.config.js, so every file has
// its import rules: a file placed where no zone reaches is a lint error, and so is an
// import of Electron from the engine, the Node host or the command line.
import { readdirSync } from 'node:fs'
import { join, matchesGlob, relative, sep } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '..', '..', '..')
const eslint = new ESLint({ cwd: ROOT })

interface Zone {
  name: string
  files: string[]
}

async function zones(): Promise<Zone[]> {
  return ((await import(join(ROOT, 'eslint.config.js'))) as { zones: Zone[] }).zones
}

/** The page's layers (src/renderer/app, features, components, stores, ui, …). */
async function pageLayers(): Promise<Zone[]> {
  return ((await import(join(ROOT, 'eslint.config.js'))) as { pageLayers: Zone[] }).pageLayers
}

/** Every code file under src/, relative to the root with forward slashes. */
function codeFiles(dir = join(ROOT, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return codeFiles(path)
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [relative(ROOT, path).split(sep).join('/')] : []
  })
}

async function messagesFor(path: string, code: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) })
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }))
}

// Linting with import resolution is slow on a loaded machine: the first files it sees take seconds.
describe('lint zones', { timeout: 120_000 }, () => {
  it('hold every file under src/, each in exactly one, and lint applies that zone to it', async () => {
    const all = await zones()
    const files = codeFiles()
    expect(files.length).toBeGreaterThan(100)
    const outside: string[] = []
    for (const file of files) {
      const mine = all.filter((zone) => zone.files.some((glob) => matchesGlob(file, glob)))
      if (mine.length !== 1) outside.push(`${file}: ${mine.map((z) => z.name).join(', ') || 'no zone'}`)
      else expect((await eslint.calculateConfigForFile(join(ROOT, file)) as { settings: { zone?: string } }).settings.zone, file).toBe(mine[0]!.name)
    }
    expect(outside).toEqual([])
  })

  it('hold every file of the page in exactly one of its layers, and lint applies that layer to it', async () => {
    const layers = await pageLayers()
    const files = codeFiles(join(ROOT, 'src', 'renderer'))
    expect(files.length).toBeGreaterThan(100)
    const outside: string[] = []
    for (const file of files) {
      const mine = layers.filter((layer) => layer.files.some((glob) => matchesGlob(file, glob)))
      if (mine.length !== 1) outside.push(`${file}: ${mine.map((l) => l.name).join(', ') || 'no layer'}`)
      else expect((await eslint.calculateConfigForFile(join(ROOT, file)) as { settings: { pageLayer?: string } }).settings.pageLayer, file).toBe(mine[0]!.name)
    }
    expect(outside).toEqual([])
  })

  it('refuse a file in no zone', async () => {
    for (const path of ['src/tools/x.ts', 'src/x.ts']) {
      expect(await messagesFor(path, 'export const x = 1\n')).toEqual([{ ruleId: 'no-restricted-syntax', message: expect.stringContaining('This file is in no zone of eslint.config.js') }])
    }
  })

  it('put a new file directly in src/main with the Electron entry, out of the engine\'s reach', async () => {
    expect(await messagesFor('src/main/extra.ts', "import { app } from 'electron'\nexport const ready = app.whenReady\n")).toEqual([])
    const fromPage = await messagesFor('src/main/extra.ts', "import { App } from '../renderer/app/App'\nexport const app = App\n")
    expect(fromPage).toEqual([{ ruleId: 'import-x/no-restricted-paths', message: expect.stringContaining('The Electron entry (src/main/*.ts) may import only') }])
    const fromEngine = await messagesFor('src/main/core/x.ts', "import { whenAppReady } from '../index'\nexport const r = whenAppReady\n")
    expect(fromEngine).toContainEqual({ ruleId: 'import-x/no-restricted-paths', message: expect.stringContaining('The engine (src/main/core) may import only src/main/core, src/shared.') })
  })

  it('refuse Electron in the engine, the Node host and the command line, and allow it in the Electron shell', async () => {
    const importsElectron = "import { app } from 'electron'\nexport const name = app.name\n"
    for (const path of ['src/main/core/x.ts', 'src/main/host/x.ts', 'src/main/cli/x.ts']) {
      expect(await messagesFor(path, importsElectron), path).toEqual([{ ruleId: 'no-restricted-imports', message: expect.stringContaining('This folder must stay free of Electron.') }])
    }
    expect(await messagesFor('src/main/electron/x.ts', importsElectron)).toEqual([])
    expect(await messagesFor('src/main/index.ts', importsElectron)).toEqual([])
  })

  it('refuse a function over 80 lines and a file over 300, comments and blank lines counted', async () => {
    // A function of n statements, each followed by `comments` lines of comment: 3 + n × (1 + comments) lines.
    const fn = (n: number, comments = 0) => `export function sum(): number {\n  let total = 0\n${Array.from({ length: n }, (_, i) => `  total += ${i}\n${'  // why\n'.repeat(comments)}`).join('')}  return total\n}\n`
    const rules = async (code: string) => (await messagesFor('src/main/core/x.ts', code)).map((m) => m.ruleId)
    expect(await rules(fn(76))).toEqual([])
    expect(await rules(fn(77))).toEqual(['max-lines-per-function'])
    expect(await rules(fn(40, 1))).toEqual(['max-lines-per-function'])
    const lines = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 ? '' : `export const c${i} = ${i}`)).join('\n') + '\n'
    expect(await rules(lines(300))).toEqual([])
    expect(await rules(lines(301))).toEqual(['max-lines'])
  })
})
