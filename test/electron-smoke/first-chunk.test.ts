// What the built page loads before Create is usable: the entry script and the chunks it
// imports statically. It stays small (views beyond Create, charts and the mask painter are
// loaded when opened; languages other than English when chosen), and names only files that exist.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../src/shared/i18n/languages'

const RENDERER = resolve(__dirname, '../../out/renderer')
const LOCALES = resolve(__dirname, '../../src/shared/i18n/locales')

/**
 * The entry script, the chunks the page preloads beside it (`modulepreload`: fetched at
 * once, while the first calls are out), and, transitively, every module they import
 * statically (not `import()`).
 */
function firstScripts(): string[] {
  const html = readFileSync(join(RENDERER, 'index.html'), 'utf8')
  const entry = /<script[^>]+src="\.?\/?([^"]+\.js)"/.exec(html)?.[1]
  if (!entry) throw new Error('index.html names no script')
  const preloaded = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\.?\/?([^"]+\.js)"/g)].map((m) => m[1]!)
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const code = readFileSync(join(RENDERER, file), 'utf8')
    for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w${},\s*]+from\s*)?["'](\.\/[^"']+)["']/g)) {
      visit(join(dirname(file), m[1]!))
    }
  }
  for (const file of [entry, ...preloaded]) visit(file)
  return [...seen]
}

describe('the page’s first scripts', () => {
  it('exist in the build', () => {
    if (!existsSync(join(RENDERER, 'index.html'))) throw new Error('out/renderer is missing: build the app first (npx electron-vite build)')
    for (const file of firstScripts()) expect(existsSync(join(RENDERER, file)), file).toBe(true)
  })

  it('hold neither the charts nor the mask painter', () => {
    const code = firstScripts().map((f) => readFileSync(join(RENDERER, f), 'utf8')).join('\n')
    // (Booleans: a failure should not print the whole bundle.)
    expect(code.includes('recharts-wrapper'), 'the charts are in the first scripts').toBe(false)
    expect(code.includes('mask-painter'), 'the mask painter is in the first scripts').toBe(false)
    expect(code.includes('model-select'), 'Create is missing from the first scripts').toBe(true)
  })

  it('hold the English catalogs and no other language’s (each comes when chosen)', () => {
    const code = firstScripts().map((f) => readFileSync(join(RENDERER, f), 'utf8')).join('\n')
    const saved = (language: string) => (JSON.parse(readFileSync(join(LOCALES, language, 'settings.json'), 'utf8')) as { saved: string }).saved
    expect(code.includes(saved('en')), 'English is missing from the first scripts').toBe(true)
    for (const language of LANGUAGES.filter((l) => l !== 'en')) expect(code.includes(saved(language)), `${language} is in the first scripts`).toBe(false)
  })

  it('stay under 1,000 KB to parse and 400 KB compressed', () => {
    const bytes = firstScripts().map((f) => readFileSync(join(RENDERER, f)))
    const parsed = bytes.reduce((n, b) => n + b.length, 0)
    const wire = bytes.reduce((n, b) => n + brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }).length, 0)
    expect(parsed).toBeLessThan(1_000_000)
    expect(wire).toBeLessThan(400_000)
  })
})
