// The folders' dependency rules (eslint.config.js) hold: code placed where it may not
// import a folder gets a lint error for that import, and an allowed import gets none.
// `npm test` lints the whole tree, so a wrong import anywhere fails it.
import { readdirSync } from 'node:fs'
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

/** `import { name } from 'from'`, used, as the code of a file. */
const importing = (name: string, from: string): string => `import { ${name} } from '${from}'\nexport const used = ${name}\n`

describe('the page\'s layers', () => {
  it('refuse a view importing another view, or the app', async () => {
    expect(await boundaryErrors('src/renderer/features/gallery/x.ts', importing('CreateView', '../create/CreateView'))).toEqual([
      expect.stringContaining('A view (src/renderer/features/gallery) may import only src/renderer/features/gallery, src/renderer/components, src/renderer/stores, src/renderer/ui, src/renderer/forms, src/renderer/format, src/renderer/i18n, src/renderer/api and src/shared; never another view or the app.')
    ])
    expect(await boundaryErrors('src/renderer/features/create/matrix/x.ts', importing('GalleryView', '../../gallery/GalleryView'))).toEqual([expect.stringContaining('A view (src/renderer/features/create) may import only')])
    expect(await boundaryErrors('src/renderer/features/tools/x.ts', importing('chooseModel', '../../app/palette/choose-model'))).toEqual([expect.stringContaining('A view (src/renderer/features/tools) may import only')])
  })

  it('hold every folder under features/ to itself', async () => {
    const views = readdirSync(join(ROOT, 'src', 'renderer', 'features'))
    expect(views.length).toBeGreaterThanOrEqual(8)
    for (const view of views) {
      const other = view === 'gallery' ? ['create', 'CreateView'] : ['gallery', 'GalleryView']
      expect(await boundaryErrors(`src/renderer/features/${view}/x.ts`, importing(other[1]!, `../${other[0]}/${other[1]}`)), view).toEqual([expect.stringContaining(`A view (src/renderer/features/${view}) may import only`)])
    }
  })

  it('refuse the shared pieces importing a view or the app', async () => {
    const message = 'The shared pieces (src/renderer/components) may import only src/renderer/components, src/renderer/stores, src/renderer/ui, src/renderer/forms, src/renderer/format, src/renderer/i18n, src/renderer/api and src/shared.'
    expect(await boundaryErrors('src/renderer/components/results/x.ts', importing('GalleryView', '../../features/gallery/GalleryView'))).toEqual([expect.stringContaining(message)])
    expect(await boundaryErrors('src/renderer/components/results/x.ts', importing('chooseModel', '../../app/palette/choose-model'))).toEqual([expect.stringContaining(message)])
  })

  it('refuse a store importing a view, a shared piece or the app', async () => {
    const message = 'The stores (src/renderer/stores) may import only src/renderer/stores, src/renderer/forms, src/renderer/format, src/renderer/i18n, src/renderer/api and src/shared.'
    expect(await boundaryErrors('src/renderer/stores/x.ts', importing('buildMatrixPlan', '../features/create/matrix/matrix-settings'))).toEqual([expect.stringContaining(message)])
    expect(await boundaryErrors('src/renderer/stores/x.ts', importing('seedOf', '../components/composer/seeds'))).toEqual([expect.stringContaining(message)])
    expect(await boundaryErrors('src/renderer/stores/x.ts', importing('App', '../app/App'))).toEqual([expect.stringContaining(message)])
  })

  it('refuse the bottom layers importing a store, a shared piece or a view', async () => {
    expect(await boundaryErrors('src/renderer/ui/x.ts', importing('useToasts', '../stores/toasts'))).toEqual([expect.stringContaining('The design system (src/renderer/ui) may import only src/renderer/ui, src/renderer/format, src/renderer/i18n and src/shared.')])
    expect(await boundaryErrors('src/renderer/forms/x.ts', "import type { UploadRef } from '../stores/uploads'\nexport type Ref = UploadRef\n")).toEqual([expect.stringContaining('The form logic (src/renderer/forms) may import only')])
    expect(await boundaryErrors('src/renderer/format/x.ts', importing('Button', '../ui/Button'))).toEqual([expect.stringContaining('Formatting (src/renderer/format) may import only src/renderer/format, src/renderer/i18n and src/shared.')])
    expect(await boundaryErrors('src/renderer/api/x.ts', importing('useToasts', '../stores/toasts'))).toEqual([expect.stringContaining('The transport (src/renderer/api) may import only')])
    expect(await boundaryErrors('src/renderer/i18n/x.ts', importing('useApp', '../stores/app'))).toEqual([expect.stringContaining('The words (src/renderer/i18n) may import only src/renderer/i18n and src/shared.')])
    expect(await boundaryErrors('src/renderer/ui/x.ts', importing('Thumbnail', '../components/media/Thumbnail'))).toEqual([expect.stringContaining('The design system (src/renderer/ui) may import only')])
  })

  it('allow each layer what lies below it', async () => {
    expect(await boundaryErrors('src/renderer/main.tsx', importing('App', './app/App'))).toEqual([])
    expect(await boundaryErrors('src/renderer/app/x.ts', importing('GalleryView', '../features/gallery/GalleryView'))).toEqual([])
    expect(await boundaryErrors('src/renderer/features/gallery/x.ts', importing('Thumbnail', '../../components/media/Thumbnail'))).toEqual([])
    expect(await boundaryErrors('src/renderer/features/gallery/x.ts', importing('entryAt', '../../stores/library'))).toEqual([])
    expect(await boundaryErrors('src/renderer/features/create/matrix/x.ts', importing('CreateView', '../CreateView'))).toEqual([])
    expect(await boundaryErrors('src/renderer/components/results/x.ts', importing('entryAt', '../../stores/library'))).toEqual([])
    expect(await boundaryErrors('src/renderer/stores/x.ts', importing('fieldsOf', '../forms/field-spec'))).toEqual([])
    expect(await boundaryErrors('src/renderer/stores/x.ts', importing('call', '../api/client'))).toEqual([])
    expect(await boundaryErrors('src/renderer/ui/x.ts', importing('formatNumber', '../format/numbers'))).toEqual([])
  })
})
