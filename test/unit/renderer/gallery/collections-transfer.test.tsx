// Boards and favourites as a JSON file: an export downloads what the index gives, an import
// sends a checked file and says what it brought; a file of another kind is refused here.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CollectionsTransfer } from '../../../../src/renderer/features/gallery/CollectionsTransfer'
import { useBoards } from '../../../../src/renderer/stores/boards'
import { useLibrary } from '../../../../src/renderer/stores/library'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { ToastRegion } from '../../../../src/renderer/app/ToastRegion'
import { installFakeApi } from '../fake-api'
import { resetStore } from '../fixtures'

const api = installFakeApi()
const data = { version: 1 as const, boards: [{ id: 'b1', name: 'Portraits', createdAt: '2025-01-01T10:00:00.000Z', kind: 'board' as const, parent: null }], members: { b1: ['a'] }, favorites: ['a'] }

beforeEach(() => {
  api.reset()
  for (const store of [useLibrary, useBoards, useToasts]) resetStore(store as never)
  api.answer('boards.list', []).answer('library.list', { entries: [], total: 0 })
  render(
    <>
      <CollectionsTransfer />
      <ToastRegion />
    </>
  )
})

describe('boards file', () => {
  it('imports a file of boards and favourites and says what it brought', async () => {
    const user = userEvent.setup()
    api.answer('collections.import', { boards: 1, entries: 1 })
    await user.upload(screen.getByTestId('collections-file'), new File([JSON.stringify(data)], 'boards.json', { type: 'application/json' }))
    await vi.waitFor(() => expect(api.callsTo('collections.import')).toEqual([{ data }]))
    expect((await screen.findByRole('status')).textContent).toContain('Imported 1 board and 1 item')
    expect(api.callsTo('boards.list')).toHaveLength(1)
  })

  it('refuses a file that is not an export of boards', async () => {
    const user = userEvent.setup()
    await user.upload(screen.getByTestId('collections-file'), new File(['{"hello": 1}'], 'other.json', { type: 'application/json' }))
    expect((await screen.findByRole('alert')).textContent).toContain('other.json is not an export of boards and favourites')
    expect(api.callsTo('collections.import')).toEqual([])
  })

  it('downloads the export as a JSON file', async () => {
    const user = userEvent.setup()
    api.answer('collections.export', data)
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    await user.click(screen.getByRole('button', { name: 'Export boards' }))
    await vi.waitFor(() => expect(clicked).toHaveBeenCalledTimes(1))
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^mediagen-boards-\d{4}-\d{2}-\d{2}\.json$/)
    clicked.mockRestore()
  })
})
