// The folders' dependency rules (eslint.config.js) hold: code placed where it may not
// import a folder gets a lint error for that import, and an allowed import gets none.
// `npm test` lints the whole tree, so a wrong import anywhere fails it.
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '..', '..', '..')
const eslint = new ESLint({ cwd: ROOT })

/** The boundary errors for `code` as if it were the file at `path` (relative to the root). */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message)
}

describe('folder boundaries', () => {
  it('refuses the demo service in the engine', async () => {
    const errors = await boundaryErrors('src/main/core/x.ts', "import { startSimulator } from '../../simulator'\nexport const start = startSimulator\n")
    expect(errors).toEqual([expect.stringContaining('The engine (src/main/core) may import only src/main/core, src/shared.')])
  })

  it('refuses the main process in the page', async () => {
    const errors = await boundaryErrors('src/renderer/x.ts', "import { Engine } from '../main/core/engine'\nexport const engine = Engine\n")
    expect(errors).toEqual([expect.stringContaining('The page (src/renderer) may import only src/renderer, src/shared.')])
  })

  it('refuses the Node host in the Electron adapters', async () => {
    const errors = await boundaryErrors('src/main/electron/x.ts', "import { startHost } from '../host/host'\nexport const start = startHost\n")
    expect(errors).toEqual([expect.stringContaining('The Electron adapters (src/main/electron) may import only')])
  })

  it('refuses the engine in the demo service', async () => {
    const errors = await boundaryErrors('src/simulator/x.ts', "import { writeFileAtomic } from '../main/core/fs/atomic-write'\nexport const write = writeFileAtomic\n")
    expect(errors).toEqual([expect.stringContaining('The demo service (src/simulator) may import only src/simulator, src/shared.')])
  })

  it('allows what each folder may import', async () => {
    expect(await boundaryErrors('src/main/core/x.ts', "import { getModel } from '../../shared/api'\nexport const model = getModel\n")).toEqual([])
    expect(await boundaryErrors('src/renderer/x.ts', "import { routes } from '../shared/contract'\nexport const all = routes\n")).toEqual([])
    expect(await boundaryErrors('src/main/cli/x.ts', "import { startDemoService } from '../../simulator/demo-mode'\nexport const start = startDemoService\n")).toEqual([])
  })
})
