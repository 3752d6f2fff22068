// `cli import DIR`: offline and without a key; names each file it leaves out with why;
// exits 0 when it imported what it could, 12 when nothing could be, 64 for a folder it
// cannot take; killed at any moment and run again, every picture is in the library once.
import { spawn } from 'node:child_process'
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { lockFolder } from '../../../src/main/core/fs/folder-lock'
import { cleanupAfterEach } from '../support/cleanup'
import { plainPng, pngWithText } from '../support/tool-images'
import { CLI, cliEnv, runCli } from './run-cli'

const cleanup = cleanupAfterEach()

async function folderOf(count: number, extra: Record<string, Buffer> = {}): Promise<string> {
  const dir = await cleanup.tempDir('cli-import-src-')
  for (let i = 0; i < count; i++) {
    await writeFile(join(dir, `${String(i).padStart(4, '0')}.png`), await pngWithText({ parameters: `a lantern number ${i}\nSteps: 20, Seed: ${1000 + i}, Size: 24x16, Model: dreamshaper_8` }))
  }
  for (const [name, bytes] of Object.entries(extra)) await writeFile(join(dir, name), bytes)
  return dir
}

interface Listed {
  jobId: string
  model: string
  prompt: string | null
}

async function listed(data: string): Promise<Listed[]> {
  const r = await runCli(data, ['ls', '--json'])
  expect(r.code, r.err).toBe(0)
  return JSON.parse(r.out) as Listed[]
}

/** Names in the library's job folders other than entries and copies (temps of a cut-short copy, above all). */
async function strays(data: string): Promise<string[]> {
  const files = join(data, 'live', 'library', 'files')
  const found: string[] = []
  for (const dir of await readdir(files).catch(() => [] as string[])) {
    const names = await readdir(join(files, dir))
    if (!names.includes('entry.json')) found.push(`${dir} (no entry)`)
    for (const n of names) if (n !== 'entry.json' && !/^0\.\w+$/.test(n)) found.push(join(dir, n))
  }
  return found
}

describe('cli import', () => {
  it('imports offline without a key, names what it skipped with why, and exits 0', async () => {
    const data = await cleanup.tempDir('cli-import-data-')
    const dir = await folderOf(3, { 'readme.txt': Buffer.from('hello'), 'empty.png': Buffer.alloc(0) })
    const r = await runCli(data, ['import', dir])
    expect(r.code, r.err).toBe(0)
    expect(r.out).toContain(`skipped ${join(dir, 'readme.txt')}: Not a picture this app recognises\n`)
    expect(r.out).toContain(`skipped ${join(dir, 'empty.png')}: The file is empty\n`)
    expect(r.out).toContain(`import: 3 imported into ${join(data, 'live', 'library')}, 0 already there, 2 skipped, of 5 files in ${dir}`)
    const entries = await listed(data)
    expect(entries.map((e) => e.prompt).sort()).toEqual(['a lantern number 0', 'a lantern number 1', 'a lantern number 2'])
    expect(entries.every((e) => e.model === 'dreamshaper_8')).toBe(true)
    // The same folder again: nothing new.
    const again = await runCli(data, ['import', dir])
    expect(again.code).toBe(0)
    expect(again.out).toContain('import: 0 imported')
    expect(again.out).toContain(', 3 already there, 2 skipped')
    expect(await listed(data)).toHaveLength(3)
  })

  it('exits 12 when nothing in the folder could be imported, and 64 for a folder it cannot take', async () => {
    const data = await cleanup.tempDir('cli-import-data-')
    const empty = await cleanup.tempDir('cli-import-empty-')
    const r = await runCli(data, ['import', empty])
    expect(r.code).toBe(12)
    expect(r.err).toContain(`Nothing in ${empty} could be imported: it holds no files.`)
    const texts = await folderOf(0, { 'a.txt': Buffer.from('a') })
    expect((await runCli(data, ['import', texts])).code).toBe(12)
    const missing = await runCli(data, ['import', join(empty, 'nope')])
    expect(missing.code).toBe(64)
    expect(missing.err.trim()).toBe(`error: There is no folder at ${join(empty, 'nope')} (see --help)`)
    const bare = await runCli(data, ['import'])
    expect(bare.code).toBe(64)
    expect(bare.err.trim()).toBe('error: import needs DIR, e.g. npm run cli -- import DIR (see --help)')
    expect((await runCli(data, ['import', empty, 'more'])).code).toBe(64)
  })

  it('exits 10, naming the holder, while a process that does not serve the command line holds the data folder', async () => {
    const data = await cleanup.tempDir('cli-import-data-')
    await mkdir(join(data, 'live'), { recursive: true })
    const release = await lockFolder(join(data, 'live'))
    cleanup.defer(release)
    const r = await runCli(data, ['import', await folderOf(1)])
    expect(r.code).toBe(10)
    expect(r.err).toContain(`folder held by pid ${process.pid}`)
    expect(r.err).toContain(`${join(data, 'live')} is in use`)
  })

  it('killed mid-way and run again, leaves every picture in the library once and nothing half-imported', async () => {
    const data = await cleanup.tempDir('cli-import-data-')
    const dir = await folderOf(120)
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--data-dir', data, 'import', dir], { env: cliEnv(), stdio: 'ignore' })
    const exited = new Promise((resolve) => child.once('exit', resolve))
    // Killed once some pictures are in (and, with four at a time, others under way).
    await vi.waitFor(async () => expect((await readdir(join(data, 'live', 'library', 'files')).catch(() => [])).length).toBeGreaterThanOrEqual(10), { timeout: 60_000, interval: 20 })
    child.kill('SIGKILL')
    await exited
    const again = await runCli(data, ['import', dir])
    expect(again.code, again.err).toBe(0)
    expect(again.out).toMatch(/import: \d+ imported into .*, \d+ already there, 0 skipped, of 120 files/)
    const entries = await listed(data)
    expect(entries).toHaveLength(120)
    expect(new Set(entries.map((e) => e.prompt)).size).toBe(120)
    expect(await strays(data)).toEqual([])
  })

  it('stops between files on Ctrl+C, exits 130, and carries on when run again', async () => {
    const data = await cleanup.tempDir('cli-import-data-')
    const dir = await folderOf(60, { 'zz.png': await plainPng() })
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--data-dir', data, 'import', dir], { env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] })
    let err = ''
    child.stderr.on('data', (c: Buffer) => (err += c.toString()))
    const code = new Promise<number | null>((resolve) => child.once('exit', resolve))
    await vi.waitFor(async () => expect((await readdir(join(data, 'live', 'library', 'files')).catch(() => [])).length).toBeGreaterThanOrEqual(5), { timeout: 60_000, interval: 20 })
    child.kill('SIGINT')
    const exit = await code
    // Ctrl+C after the last file is in ends it as done; before, as stopped.
    if (exit === 130) expect(err).toContain('Stopped before the end: run the same command again to carry on.')
    else expect(exit).toBe(0)
    expect((await runCli(data, ['import', dir])).code).toBe(0)
    expect(await listed(data)).toHaveLength(61)
    expect(await strays(data)).toEqual([])
  })
})
