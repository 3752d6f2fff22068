// The library's copy keeps its files and folders private (their modes as the originals),
// and a move cut short by a crash does not block the next one.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { checkMoveTarget, copyLibrary } from '../../../src/main/core/app/library-move'
import { cleanupAfterEach } from '../support/cleanup'

const cleanup = cleanupAfterEach()

const tempDir = () => cleanup.tempDir('move-copy-')

/** A small private library: 0700 folders, 0600 files, one 0640 file and a 0750 folder. */
async function library(root: string, files = 3): Promise<Map<string, number>> {
  const modes = new Map<string, number>()
  await mkdir(join(root, 'files', 'job-1'), { recursive: true })
  await mkdir(join(root, 'shared'), { recursive: true })
  for (const [path, mode] of [['', 0o700], ['files', 0o700], ['files/job-1', 0o700], ['shared', 0o750]] as const) {
    await chmod(join(root, path), mode)
    modes.set(path, mode)
  }
  for (let i = 0; i < files; i++) {
    const path = `files/job-1/out-${i}.png`
    await writeFile(join(root, path), Buffer.alloc(64 * 1024, i))
    await chmod(join(root, path), 0o600)
    modes.set(path, 0o600)
  }
  await writeFile(join(root, 'shared', 'index.jsonl'), '{}\n')
  await chmod(join(root, 'shared', 'index.jsonl'), 0o640)
  modes.set('shared/index.jsonl', 0o640)
  return modes
}

async function modesOf(root: string, paths: Iterable<string>): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  for (const p of paths) out.set(p, (await stat(join(root, p))).mode & 0o777)
  return out
}

describe('the library move copy', () => {
  it('gives every copied file and folder its original mode', async () => {
    const dir = await tempDir()
    const modes = await library(join(dir, 'old'))
    const target = await checkMoveTarget(join(dir, 'old'), join(dir, 'new'))
    await copyLibrary(join(dir, 'old'), target, () => undefined)
    expect(await modesOf(join(dir, 'new'), modes.keys())).toEqual(modes)
    expect(await readdir(join(dir, 'new'))).toEqual(expect.arrayContaining(['files', 'shared']))
    expect(await readdir(join(dir, 'new'))).toHaveLength(2)
  })

  it('clears the partial copy of a move cut short by a crash, so the next move goes through', async () => {
    const dir = await tempDir()
    const from = join(dir, 'old')
    const to = join(dir, 'new')
    const modes = await library(from, 6)
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures', 'crash-mid-move.ts'), from, to], { stdio: ['ignore', 'pipe', 'inherit'] })
    cleanup.defer(async () => void child.kill('SIGKILL'))
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    await vi.waitFor(() => expect(out).toContain('partial'), { timeout: 30_000, interval: 50 })
    const exited = once(child, 'exit')
    child.kill('SIGKILL')
    await exited
    expect((await readdir(join(to, 'files', 'job-1'))).length).toBeLessThan(6)

    const target = await checkMoveTarget(from, to)
    const copied = await copyLibrary(from, target, () => undefined)
    expect(copied.files).toBe(7)
    expect(await modesOf(to, modes.keys())).toEqual(modes)
    expect((await readdir(to)).sort()).toEqual(['files', 'shared'])
    for (let i = 0; i < 6; i++) expect(await readFile(join(to, `files/job-1/out-${i}.png`))).toEqual(Buffer.alloc(64 * 1024, i))
  }, 60_000)

  it('still refuses a folder holding files of its own, saying what to do', async () => {
    const dir = await tempDir()
    await library(join(dir, 'old'))
    await mkdir(join(dir, 'mine'))
    await writeFile(join(dir, 'mine', 'note.txt'), 'keep me')
    await expect(checkMoveTarget(join(dir, 'old'), join(dir, 'mine'))).rejects.toThrow('Choose a new or empty folder: this one has files in it')
    expect(await readFile(join(dir, 'mine', 'note.txt'), 'utf8')).toBe('keep me')
  })
})
