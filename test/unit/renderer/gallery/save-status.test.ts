// What a tile says about its files: lost wins over waiting, waiting over saved; a waiting
// output counts down to the service's purge.
import { describe, expect, it } from 'vitest'
import { entryStatus, lostReason, purgeCountdown } from '../../../../src/renderer/features/gallery/save-status'
import type { LibraryFile } from '../../../../src/shared/app/views'
import { libraryEntry } from '../fixtures'

const file = (state: LibraryFile['state'], lost: string | null = null): LibraryFile => ({
  index: 0, role: 'image', url: null, path: null, thumbnail: null, state, lostReason: lost, bytes: null, sha256: null, mime: null, width: null, height: null, durationSeconds: null
})

describe('tile save status', () => {
  it('is lost when any file is lost, else waiting when any is pending, else saved', () => {
    expect(entryStatus(libraryEntry({ files: [file('saved')] }))).toBe('saved')
    expect(entryStatus(libraryEntry({ files: [file('saved'), file('pending')] }))).toBe('waiting')
    expect(entryStatus(libraryEntry({ files: [file('pending'), file('lost', 'purged')] }))).toBe('lost')
  })

  it('names the first recorded loss reason', () => {
    expect(lostReason(libraryEntry({ files: [file('lost', 'The service purged it')] }))).toBe('The service purged it')
    expect(lostReason(libraryEntry({ files: [file('lost')] }))).toBeNull()
  })

  it('counts down to the purge', () => {
    const now = Date.parse('2025-01-01T10:00:00Z')
    expect(purgeCountdown({ reason: 'disk full', purgeAt: '2025-01-01T13:20:00Z' }, now)).toBe('Waiting, purged in 3 hr, 20 min')
    expect(purgeCountdown({ reason: 'disk full', purgeAt: '2025-01-01T09:00:00Z' }, now)).toBe('Waiting, past its purge time')
    expect(purgeCountdown(null, now)).toBeNull()
  })
})
