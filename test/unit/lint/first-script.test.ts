// The page's first script starts the connection and nothing else: the event stream and the
// first calls leave as soon as it is in, while React, the stores, the schemas and the views
// arrive and compile as a chunk of their own (src/renderer/app/boot.tsx). A static import that
// pulls any of them into the first script would make the first calls wait for all of it
// again. The page is bundled here with esbuild, which splits at dynamic imports as the build does.
import { join } from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { cleanupAfterEach } from '../support/cleanup'

const cleanup = cleanupAfterEach()
const ROOT = join(import.meta.dirname, '..', '..', '..')
const ENTRY = 'src/renderer/main.tsx'

/** The source files the first script runs (its own and the shared chunks it imports), and the chunks it imports later. */
async function firstScript(): Promise<{ inputs: string[]; later: string[] }> {
  const outdir = await cleanup.tempDir('first-script-')
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [ENTRY],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir,
    write: false,
    metafile: true,
    jsx: 'automatic',
    logLevel: 'silent',
    loader: { '.css': 'empty' }
  })
  const { outputs } = result.metafile
  const entry = Object.keys(outputs).find((path) => outputs[path]!.entryPoint === ENTRY)!
  const inputs = new Set<string>()
  const later: string[] = []
  const seen = new Set<string>()
  const visit = (path: string) => {
    if (seen.has(path)) return
    seen.add(path)
    const output = outputs[path]!
    for (const input of Object.keys(output.inputs)) inputs.add(input)
    for (const i of output.imports) {
      if (i.kind === 'import-statement') visit(i.path)
      else if (i.kind === 'dynamic-import') later.push(outputs[i.path]?.entryPoint ?? i.path)
    }
  }
  visit(entry)
  return { inputs: [...inputs], later }
}

describe("the page's first script", () => {
  it('holds the early start of the connection, and neither React, the stores, the schemas nor the views', async () => {
    const { inputs, later } = await firstScript()
    expect(inputs).toContain('src/renderer/api/early-start.ts')
    expect(inputs).toContain('src/renderer/api/http-transport.ts')
    const heavy = inputs.filter((file) => /node_modules\/(react|react-dom|zod|i18next)\/|src\/renderer\/(app|stores|features|components|i18n|ui)\/|src\/shared\/contract\.ts/.test(file))
    expect(heavy).toEqual([])
    expect(later).toContain('src/renderer/app/boot.tsx')
  }, 60_000)
})
