// --help in every language the app speaks: every command the command line takes and every
// exit code, each with what it means, in lines a terminal of 80 columns shows whole.
import { afterAll, describe, expect, it } from 'vitest'
import { LANGUAGES, SOURCE_LANGUAGE } from '../../../src/shared/i18n/languages'
import { setMainLanguage } from '../../../src/main/core/i18n/main-i18n'
import { usage } from '../../../src/main/cli/args'
import { EXIT } from '../../../src/main/cli/exit-codes'
import { COMMAND_NAMES } from '../../../src/main/cli/known-options'
import { columns } from '../../../src/main/cli/wrap-text'

afterAll(() => setMainLanguage(SOURCE_LANGUAGE, []))

describe.each(LANGUAGES)('--help in %s', (language) => {
  it('lists every command and every exit code, each with what it means, within 80 columns', async () => {
    await setMainLanguage(language, [])
    const lines = usage().split('\n')
    for (const command of COMMAND_NAMES) expect(lines.some((line) => line.startsWith(`  ${command} `) || line === `  ${command}`), command).toBe(true)
    for (const code of new Set(Object.values(EXIT))) expect(lines.some((line) => new RegExp(`^  ${code} +\\S`).test(line)), String(code)).toBe(true)
    // The syntax line aside, which no terminal wraps well anyway.
    expect(lines.slice(1).filter((line) => columns(line) > 80)).toEqual([])
  })
})
