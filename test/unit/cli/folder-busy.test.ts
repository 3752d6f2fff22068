// A command line on a data folder another live process holds says who holds it and
// exits at once instead of waiting in silence: `serve`, and the commands that write when
// the holder does not take them over the socket (an older version; exit 10).
import { spawn } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FolderBusyError, lockFolder } from '../../../src/main/core/fs/folder-lock'
import { serveCommand } from '../../../src/main/cli/serve'
import { cleanupAfterEach } from '../support/cleanup'

const CLI = join(__dirname, '..', '..', '..', 'src', 'main', 'cli', 'index.ts')
const cleanup = cleanupAfterEach()

const tempDir = () => cleanup.tempDir('folder-busy-')

async function hold(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true })
  const release = await lockFolder(dir)
  cleanup.defer(release)
}

describe('a command line on a folder another process holds', () => {
  it('serve refuses it, naming the holder, instead of hanging', async () => {
    const dir = await tempDir()
    const rendererDir = join(dir, 'renderer')
    await mkdir(rendererDir)
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html>')
    await hold(join(dir, 'data', 'demo'))
    const lines: string[] = []
    const err = await serveCommand({ dataDir: join(dir, 'data'), port: 0, rendererDir, out: (l) => lines.push(l) }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(FolderBusyError)
    expect((err as Error).message).toContain(`pid ${process.pid}`)
    expect((err as Error).message).toContain(join(dir, 'data', 'demo'))
    expect(lines.join('\n')).not.toContain('open http')
  })

  it('sync exits 10 at once, saying which process has the folder, when that process does not answer', async () => {
    const dir = await tempDir()
    await hold(join(dir, 'live'))
    // A sync would otherwise wait its whole timeout (an hour) for the folder.
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--data-dir', dir, '--base-url', 'http://127.0.0.1:9', '--api-key', 'mgk_test', 'sync', '--timeout', '3600'], { stdio: ['ignore', 'pipe', 'pipe'] })
    cleanup.defer(async () => void child.kill('SIGKILL'))
    let err = ''
    child.stderr.on('data', (c: Buffer) => (err += c.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
    expect(code).toBe(10)
    expect(err).toContain(`folder held by pid ${process.pid}`)
    expect(err).toContain('is in use')
  }, 60_000)
})
