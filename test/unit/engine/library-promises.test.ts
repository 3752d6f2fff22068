// Promises of the library that nothing else defends: a 0.1.0 library's import counts as
// done only once its check passes (until then it is moved again at each start), and an
// index row that differs from its entry file is put right by repair, from the file.
import { cp, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Library } from '../../../src/main/core/library/library'
import { LibraryCollections } from '../../../src/main/core/library/collections'
import { LibraryIndex } from '../../../src/main/core/library/index/library-index'
import { IMPORTED_MARK } from '../../../src/main/core/library/index/legacy-import'
import { repairLibrary } from '../../../src/main/core/library/repair/library-repair'
import { JobStore } from '../../../src/main/core/jobs/job-store'
import { renderNotice } from '../../../src/main/core/i18n/notice-text'
import type { LibraryEntry } from '../../../src/shared/app/views'
import { cleanupAfterEach } from '../support/cleanup'
import { madeEntry } from '../support/library-entries'

const cleanup = cleanupAfterEach()
afterEach(() => vi.restoreAllMocks())

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'legacy-library')
const exists = (path: string) => stat(path).then(() => true, () => false)

async function opened(dir: string): Promise<{ library: Library; notices: string[] }> {
  const notices: string[] = []
  const library = await Library.open(dir, { onNotice: (_level, text) => notices.push(renderNotice(text)) })
  cleanup.defer(() => library.close())
  return { library, notices }
}

describe("a 0.1.0 library's import", () => {
  it('whose check fails writes no mark and is moved again at the next start, which then counts it done', async () => {
    const dir = join(await cleanup.tempDir('legacy-check-'), 'library')
    await cp(join(FIXTURE, 'library'), dir, { recursive: true })
    const made = JSON.parse(await readFile(join(FIXTURE, 'made.json'), 'utf8')) as { ids: string[] }
    // The index answers one entry other than its file says, as a fault of the import would leave it.
    const read = LibraryIndex.prototype.get
    vi.spyOn(LibraryIndex.prototype, 'get').mockImplementation(function (this: LibraryIndex, id: string): LibraryEntry | undefined {
      const entry = read.call(this, id)
      return entry && id === made.ids[2] ? { ...entry, prompt: 'not what its file says' } : entry
    })
    const first = await opened(dir)
    vi.restoreAllMocks()
    await first.library.close()
    expect(first.notices).toContainEqual(expect.stringContaining('but the check found entries that differ from their files. It is moved again at the next start'))
    expect(await exists(join(dir, IMPORTED_MARK))).toBe(false)

    const again = await opened(dir)
    expect(again.notices).toContainEqual(expect.stringContaining('Moving your library of 4 entries to its new index'))
    expect(again.notices).toContainEqual(expect.stringContaining('Your library is on its new index: 4 entries, 1 delete and 2 boards, checked.'))
    expect(await exists(join(dir, IMPORTED_MARK))).toBe(true)
  })
})

describe('repair', () => {
  it('puts an index row that differs from its entry file right, from the file', async () => {
    const dir = await cleanup.tempDir('repair-resync-')
    const { library } = await opened(join(dir, 'library'))
    const collections = await LibraryCollections.open(library)
    const store = await JobStore.open(join(dir, 'journal.jsonl'))
    cleanup.defer(() => store.close())
    for (let n = 1; n <= 3; n++) await library.put(madeEntry(n, { favorite: false }))
    // The row drifts from its file: a change whose row was written and whose file was not.
    library.index.put({ ...library.get('job-2')!, prompt: 'not what its file says', favorite: true })
    expect(library.list({ favorite: true }).total).toBe(1)

    await repairLibrary({ library, collections, store })
    const file = JSON.parse(await readFile(library.entryPath('job-2'), 'utf8')) as LibraryEntry
    expect(library.get('job-2')).toEqual(file)
    expect(library.list({ favorite: true }).total).toBe(0)
    expect(library.list({ query: 'says' }).total).toBe(0)
  })
})
