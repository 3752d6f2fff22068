// `repair` on the command line: a damaged library is repaired, the report printed, exit 0.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildLibrary, damage, type BuiltLibrary } from '../support/damaged-library'

const CLI = join(__dirname, '..', '..', '..', 'src', 'main', 'cli', 'index.ts')
let lib: BuiltLibrary | undefined
afterEach(async () => {
  await lib?.dispose()
})

// Asynchronous on purpose: the demo service runs in this process and must keep answering.
function cli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--data-dir', lib!.cliDataDir, '--base-url', lib!.sim.url, '--api-key', lib!.sim.apiKey, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr.on('data', (c: Buffer) => (err += c.toString()))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })))
}

describe('repair command', () => {
  it('prints what was damaged and recovered, exits 0, and ls lists every output again', async () => {
    lib = await buildLibrary()
    const [cut, kept] = lib.jobs
    await damage.truncatedEntry(lib, cut!.jobId)
    await damage.junkIndex(lib)
    await damage.leftovers(lib, kept!.jobId)
    const r = await cli(['repair'])
    expect(r.code, r.err).toBe(0)
    expect(r.out).toContain('repair: checked 3 job folders')
    expect(r.out).toContain(`damaged: ${join('files', cut!.jobId, 'entry.json')} was unreadable, kept aside as ${join('files', cut!.jobId, 'entry.json.damaged')}`)
    expect(r.out).toContain('damaged: index.sqlite was unreadable, kept aside as index.sqlite.damaged')
    expect(r.out).toContain('recovered: 1 delete the index had lost, kept from its second copy')
    expect(r.out).toContain('recovered: 1 entry rebuilt from its output files')
    expect(r.out).toContain('recovered: 2 entries put back in the index')
    expect(r.out).toContain('cleaned: 4 leftover temporary files')
    // The notice at start names the damage once.
    expect(r.err.match(/The library had damaged files/g)).toHaveLength(1)

    const ls = await cli(['ls', '--json'])
    const entries = JSON.parse(ls.out) as { jobId: string; prompt: string; files: { state: string }[] }[]
    expect(entries.map((e) => e.jobId).sort()).toEqual(lib.jobs.map((j) => j.jobId).sort())
    expect(entries.every((e) => e.files.every((f) => f.state === 'saved'))).toBe(true)

    const again = await cli(['repair'])
    expect(again.code).toBe(0)
    expect(again.out).toContain('nothing was damaged')
  })
})
