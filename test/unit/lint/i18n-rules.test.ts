// Lint keeps words and numbers in the user's language: the page takes its translation
// functions from its own i18n module (typed by the catalogs), and no code but the format
// modules writes a number or a date with toLocaleString or an Intl formatter of its own.
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '..', '..', '..')
const eslint = new ESLint({ cwd: ROOT })

async function rules(path: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) })
  return (result?.messages ?? []).map((m) => m.ruleId)
}

describe('lint for languages', () => {
  it('refuses i18next in the page outside its i18n module', async () => {
    const code = "import { useTranslation } from 'react-i18next'\nexport const use = useTranslation\n"
    expect(await rules('src/renderer/features/gallery/x.tsx', code)).toEqual(['no-restricted-imports'])
    expect(await rules('src/renderer/i18n/x.ts', code)).toEqual([])
    // The page's other refusals hold beside it.
    expect(await rules('src/renderer/features/gallery/x.tsx', "import { readFile } from 'node:fs'\nexport const r = readFile\n")).toEqual(['no-restricted-imports'])
  })

  it('refuses toLocaleString and new Intl formatters outside the format modules', async () => {
    for (const code of ["export const f = (n: number) => n.toLocaleString('en-US')\n", "export const f = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' })\n"]) {
      expect(await rules('src/renderer/features/queue/x.ts', code), code).toEqual(['no-restricted-syntax'])
      expect(await rules('src/main/core/library/x.ts', code), code).toEqual(['no-restricted-syntax'])
      expect(await rules('src/shared/i18n/x.ts', code), code).toEqual([])
    }
  })
})
