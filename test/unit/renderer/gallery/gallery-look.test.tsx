// The gallery's looks in the page: the Duplicates view removes what the engine suggests in
// one call and one Undo brings it back; the colour swatch filters the library by its colour
// and Any colour clears it; the viewer's lineage opens a step with a click; a signed file
// names its signer.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ColourFilter } from '../../../../src/renderer/features/gallery/ColourFilter'
import { ContentCredentials } from '../../../../src/renderer/features/gallery/ContentCredentials'
import { DuplicatesList } from '../../../../src/renderer/features/gallery/DuplicatesDialog'
import { LineageChain } from '../../../../src/renderer/features/gallery/LineageChain'
import { ToastRegion } from '../../../../src/renderer/app/ToastRegion'
import { useLibrary } from '../../../../src/renderer/stores/library'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import type { LibraryEntry, LibraryFile } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { libraryEntry, resetStore } from '../fixtures'

const api = installFakeApi()
const picture = (over: Partial<LibraryFile> = {}): LibraryFile => ({
  index: 0, role: 'image', url: null, path: 'files/a/0.png', thumbnail: null, state: 'saved', lostReason: null, bytes: 1, sha256: null, mime: 'image/png', width: 512, height: 512, durationSeconds: null, ...over
})
const entry = (jobId: string) => libraryEntry({ jobId, id: jobId, files: [picture()] })
const member = (jobId: string) => ({ entry: entry(jobId), index: 0, distance: 1 })

beforeEach(() => {
  api.reset()
  for (const store of [useLibrary, useToasts]) resetStore(store as never)
  api.handle('library.list', () => ({ ok: true, data: { entries: [], total: 0 } }))
})

describe('the Duplicates view', () => {
  it('moves the suggested items to the trash in one call, and one Undo brings them back', async () => {
    const user = userEvent.setup()
    const group = { members: [member('keep'), member('b'), member('c')], keep: { jobId: 'keep', index: 0 }, remove: ['b', 'c'], truncated: false }
    let groups = [group]
    api.handle('library.duplicates', () => ({ ok: true, data: { groups, next: null, unpaired: 0 } }))
    api.handle('library.removeMany', () => {
      groups = []
      return { ok: true, data: { removed: ['b', 'c'], notRemoved: [] } }
    })
    api.handle('library.restoreMany', () => {
      groups = [group]
      return { ok: true, data: { restored: [entry('b'), entry('c')] } }
    })
    render(
      <>
        <DuplicatesList onOpen={vi.fn()} />
        <ToastRegion />
      </>
    )
    const shown = await screen.findByTestId('duplicate-group')
    expect(within(shown).getAllByTestId('duplicate-member').map((m) => m.querySelector('.picture-thumb-note')?.textContent)).toEqual(['Keep', 'Remove', 'Remove'])
    await user.click(within(shown).getByTestId('keep-best'))
    expect(api.callsTo('library.removeMany')).toEqual([{ jobIds: ['b', 'c'] }])
    expect(await screen.findByTestId('duplicates-empty')).toBeTruthy()
    const toast = screen.getByTestId('toast')
    expect(toast.textContent).toContain('2 items moved to the trash')
    await user.click(within(toast).getByTestId('toast-action'))
    expect(api.callsTo('library.restoreMany')).toEqual([{ jobIds: ['b', 'c'] }])
    expect(await screen.findByTestId('duplicate-group')).toBeTruthy()
  })
})

describe('the colour filter', () => {
  it('asks the library for a swatch’s colour, and Any colour clears it', async () => {
    const user = userEvent.setup()
    render(<ColourFilter />)
    await user.click(screen.getByTestId('filter-colour'))
    await user.click(screen.getByTestId('colour-blue'))
    expect(api.callsTo('library.list').at(-1)).toMatchObject({ colour: '#2f6fdf' })
    expect(screen.getByTestId('filter-colour').textContent).toBe('Blue')
    await user.click(screen.getByTestId('filter-colour'))
    await user.click(screen.getByTestId('colour-clear'))
    expect(api.callsTo('library.list').at(-1)).not.toHaveProperty('colour')
    expect(screen.getByTestId('filter-colour').textContent).toBe('Any colour')
  })
})

describe('the viewer', () => {
  it('opens a step of the lineage with a click', async () => {
    const user = userEvent.setup()
    const opened: LibraryEntry[] = []
    const node = (jobId: string, depth: number) => ({ jobId, entry: entry(jobId), derivation: depth > 0 ? ('upscale' as const) : null, sources: [], depth })
    api.answer('library.lineage', { item: node('mid', 0), ancestors: [node('root', -1)], descendants: [node('big', 1)], truncated: false })
    render(<LineageChain entry={entry('mid')} onOpen={(e) => opened.push(e)} />)
    const later = within(await screen.findByTestId('lineage-descendants')).getByTestId('lineage-node')
    expect(later.textContent).toContain('Upscale')
    await user.click(within(later).getByRole('button'))
    await user.click(within(screen.getByTestId('lineage-ancestors')).getByRole('button'))
    expect(opened.map((e) => e.jobId)).toEqual(['big', 'root'])
  })

  it('names the signer of a file with Content Credentials, and says when its signature fails', () => {
    const signed = (valid: boolean) => picture({ provenance: { present: true, valid, trusted: false, signer: 'Vendor Inc.', issues: [] } })
    const { rerender } = render(<ContentCredentials file={signed(true)} />)
    expect(screen.getByTestId('credentials-signer').textContent).toBe('Signed by Vendor Inc. (not a trusted issuer)')
    rerender(<ContentCredentials file={signed(false)} />)
    expect(screen.getByTestId('content-credentials').dataset.state).toBe('invalid')
    rerender(<ContentCredentials file={picture()} />)
    expect(screen.queryByTestId('content-credentials')).toBeNull()
  })
})
