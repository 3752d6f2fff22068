// What a test starts (temp folders, servers, engines) is closed after it, whatever its
// outcome, the last started first, so an engine closes before its folder is removed.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'

export interface Cleanup {
  /** Runs `fn` after the current test; a failing one does not stop the others. */
  defer(fn: () => unknown): void
  /** A new empty folder in the OS's temp folder, removed after the test. */
  tempDir(prefix?: string): Promise<string>
}

/** Call once at the top of a test file. */
export function cleanupAfterEach(): Cleanup {
  const pending: (() => unknown)[] = []
  afterEach(async () => {
    while (pending.length) await Promise.resolve().then(pending.pop()!).catch(() => undefined)
  })
  const defer = (fn: () => unknown) => void pending.push(fn)
  return {
    defer,
    async tempDir(prefix = 'mediagen-test-') {
      const dir = await mkdtemp(join(tmpdir(), prefix))
      defer(() => rm(dir, { recursive: true, force: true, maxRetries: 10 }))
      return dir
    }
  }
}
