// Scripts rely on the exit codes as documented: every code the command line uses is in
// --help and in the README's table, and nothing else is.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EXIT, exitCodesHelp } from '../../../src/main/cli/exit-codes'

const codes = [...new Set(Object.values(EXIT))].sort((a, b) => a - b)

describe('exit codes', () => {
  it('are each documented once in --help and in the README table', () => {
    const help = [...exitCodesHelp().matchAll(/^ {2}(\d+) /gm)].map((m) => Number(m[1]))
    const readme = readFileSync(join(__dirname, '..', '..', '..', 'README.md'), 'utf8')
    const table = [...readme.matchAll(/^\| (\d+) \| /gm)].map((m) => Number(m[1]))
    expect(help).toEqual(codes)
    expect(table).toEqual(codes)
    expect(Object.values(EXIT)).toHaveLength(codes.length)
  })
})
