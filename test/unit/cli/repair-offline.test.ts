// `repair` works offline: without a key or a base URL it repairs the library and prints
// what it found, SQLite's check of the index included; and it sends nothing, not even the
// submission waiting in the journal for a service the data folder remembers.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { JobStore } from '../../../src/main/core/jobs/job-store'
import { cleanupAfterEach } from '../support/cleanup'
import { indexFile, writeLibrary } from '../support/library-entries'
import { startRecordingServer } from '../support/recording-server'
import { unsentRecord } from '../support/job-record'
import { runCli } from './run-cli'

const cleanup = cleanupAfterEach()

async function dataFolder(): Promise<{ dataDir: string; libraryDir: string }> {
  const dataDir = await cleanup.tempDir('repair-offline-')
  const libraryDir = join(dataDir, 'live', 'library')
  await writeLibrary(libraryDir, 12)
  return { dataDir, libraryDir }
}

describe('repair on the command line', () => {
  it('needs no key and no base URL: it repairs a damaged index and says what it found', async () => {
    const { dataDir, libraryDir } = await dataFolder()
    await writeFile(indexFile(libraryDir), 'not an index at all'.repeat(100))
    const r = await runCli(dataDir, ['repair'])
    expect(r.code, r.err).toBe(0)
    expect(r.out).toContain('repair: checked 12 job folders')
    expect(r.out).toContain('damaged: index.sqlite was unreadable, kept aside as index.sqlite.damaged')
    expect(r.out).toContain('recovered: 12 entries put back in the index')
    expect(r.err.match(/The library had damaged files \(index\.sqlite\)/g)).toHaveLength(1)

    const again = await runCli(dataDir, ['repair'])
    expect(again.code, again.err).toBe(0)
    expect(again.out).toContain("index.sqlite: SQLite’s integrity check found nothing wrong")
    expect(again.out).toContain('nothing was damaged')
  }, 60_000)

  it('sends nothing, even with a key, a remembered service and a submission waiting to be sent', async () => {
    const { dataDir } = await dataFolder()
    const service = await startRecordingServer()
    cleanup.defer(() => service.close())
    await mkdir(join(dataDir, 'live'), { recursive: true })
    await writeFile(join(dataDir, 'cli-settings.json'), JSON.stringify({ schemaVersion: 1, settings: { baseUrl: service.url } }))
    const journal = await JobStore.open(join(dataDir, 'live', 'journal.jsonl'))
    await journal.put(unsentRecord({ id: 'waiting-1' }))
    await journal.close()
    const r = await runCli(dataDir, ['repair'], { env: { MEDIAGEN_API_KEY: 'mgk_test_key_not_to_be_sent' } })
    expect(r.code, r.err).toBe(0)
    expect(service.requests).toEqual([])
  }, 60_000)
})
