// Removing an output from the gallery: a confirmation first, then an Undo that brings it
// back while its files wait in the trash.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { GalleryDetail } from '../../../../src/renderer/features/gallery/GalleryDetail'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useLibrary } from '../../../../src/renderer/stores/library'
import { useNavigation } from '../../../../src/renderer/stores/navigation'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { ToastRegion } from '../../../../src/renderer/app/ToastRegion'
import type { LibraryEntry } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { libraryEntry, libraryIds, resetStore } from '../fixtures'
import { pressEscapeOn } from './native-dialog'

const api = installFakeApi()
let index: LibraryEntry[] = []

const entry: LibraryEntry = libraryEntry({
  jobId: 'job-7',
  id: 'job-7',
  prompt: 'a lighthouse at dusk',
  files: [
    { index: 0, role: 'image', url: null, path: 'files/job-7/0.png', thumbnail: null, state: 'saved', lostReason: null, bytes: 1000, sha256: 'ab', mime: 'image/png', width: 64, height: 48, durationSeconds: null }
  ]
})

beforeEach(() => {
  api.reset()
  resetStore(useLibrary)
  resetStore(useToasts)
  index = [entry, libraryEntry({ jobId: 'job-8', id: 'job-8' })]
  useLibrary.setState({ pages: { 0: index }, total: 2, loaded: true })
  // The refresh after a change asks the index, which removes and restores as the engine does.
  api.handle('library.list', () => ({ ok: true, data: { entries: index, total: index.length } }))
  api.handle('library.remove', ({ jobId }) => {
    index = index.filter((e) => e.jobId !== jobId)
    return { ok: true, data: null }
  })
  api.handle('library.restore', () => {
    index = [entry, ...index]
    return { ok: true, data: entry }
  })
})

function open(onClose = vi.fn(), shown: LibraryEntry = entry) {
  render(
    <>
      <GalleryDetail entry={shown} onClose={onClose} />
      <ToastRegion />
    </>
  )
  return { onClose, dialog: screen.getByRole('dialog', { name: shown.prompt ?? '' }) }
}

describe('gallery detail', () => {
  it('asks before removing, and Keep takes the question back', async () => {
    const user = userEvent.setup()
    const { dialog, onClose } = open()
    await user.click(within(dialog).getByRole('button', { name: 'Remove…' }))
    const confirm = within(dialog).getByRole('group', { name: 'Confirm removal' })
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }))
    expect(within(dialog).queryByRole('group', { name: 'Confirm removal' })).toBeNull()
    expect(api.calls).toEqual([])
    expect(onClose).not.toHaveBeenCalled()
  })

  it('removes on confirmation, closes, and Undo puts the entry back', async () => {
    const user = userEvent.setup()
    const { dialog, onClose } = open()
    await user.click(within(dialog).getByRole('button', { name: 'Remove…' }))
    await user.click(within(dialog).getByRole('button', { name: 'Remove for good' }))
    expect(api.callsTo('library.remove')).toEqual([{ jobId: 'job-7' }])
    expect(libraryIds(useLibrary.getState())).toEqual(['job-8'])
    expect(onClose).toHaveBeenCalledTimes(1)

    await user.click(await screen.findByRole('button', { name: 'Undo' }))
    expect(api.callsTo('library.restore')).toEqual([{ jobId: 'job-7' }])
    await vi.waitFor(() => expect(libraryIds(useLibrary.getState())).toEqual(['job-7', 'job-8']))
  })

  it('says why an Undo failed', async () => {
    const user = userEvent.setup()
    api.fail('library.restore', { code: 'not_found', message: 'This item can no longer be restored' })
    const { dialog } = open()
    await user.click(within(dialog).getByRole('button', { name: 'Remove…' }))
    await user.click(within(dialog).getByRole('button', { name: 'Remove for good' }))
    await user.click(await screen.findByRole('button', { name: 'Undo' }))
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('This item can no longer be restored'))
    expect(libraryIds(useLibrary.getState())).toEqual(['job-8'])
  })

  it('keeps the entry and stays open when the remove fails', async () => {
    const user = userEvent.setup()
    api.fail('library.remove', { code: 'internal', message: 'The library folder is read-only' })
    const { dialog, onClose } = open()
    await user.click(within(dialog).getByRole('button', { name: 'Remove…' }))
    await user.click(within(dialog).getByRole('button', { name: 'Remove for good' }))
    expect(onClose).not.toHaveBeenCalled()
    expect(libraryIds(useLibrary.getState())).toHaveLength(2)
    expect((await screen.findByRole('alert')).textContent).toContain('The library folder is read-only')
  })

  it('steps to the previous and next item with the arrow keys and its buttons', async () => {
    const user = userEvent.setup()
    const onStep = vi.fn()
    render(<GalleryDetail entry={entry} onClose={vi.fn()} position={{ index: 0, total: 2 }} onStep={onStep} />)
    expect(screen.getByTestId('detail-position').textContent).toBe('1 of 2')
    expect(screen.getByRole('button', { name: 'Previous item' })).toHaveProperty('disabled', true)
    await user.keyboard('{ArrowRight}')
    await user.keyboard('{ArrowLeft}')
    await user.click(screen.getByRole('button', { name: 'Next item' }))
    expect(onStep.mock.calls).toEqual([[1], [-1], [1]])
  })

  it('copies the prompt', async () => {
    const user = userEvent.setup()
    open()
    await user.click(screen.getByRole('button', { name: 'Copy prompt' }))
    expect(await navigator.clipboard.readText()).toBe('a lighthouse at dusk')
  })

  it('zooms the picture in and back to fit', async () => {
    const user = userEvent.setup()
    open()
    expect(screen.getByTestId('zoom-level').textContent).toBe('100%')
    await user.click(screen.getByRole('button', { name: 'Zoom in' }))
    expect(screen.getByTestId('zoom-level').textContent).toBe('150%')
    await user.click(screen.getByRole('button', { name: 'Fit' }))
    expect(screen.getByTestId('zoom-level').textContent).toBe('100%')
  })

  it('remixes: Create opens with the prompt and the model, and the viewer closes', async () => {
    const user = userEvent.setup()
    useNavigation.setState({ view: 'gallery' })
    const { dialog, onClose } = open()
    await user.click(within(dialog).getByRole('button', { name: 'Remix' }))
    expect(useNavigation.getState().view).toBe('create')
    expect(useDrafts.getState().drafts.create).toMatchObject({ modelId: 'i1-1', prompt: 'a lighthouse at dusk' })
    expect(onClose).toHaveBeenCalled()
  })

  it('remixes with every setting of the output, but not its input files, whose upload links have expired', async () => {
    const user = userEvent.setup()
    const made = libraryEntry({
      jobId: 'job-9', id: 'job-9', model: 'i3-1', prompt: 'a lighthouse in fog',
      params: { i3Params: { aspect_ratio: '16:9', steps: 30, seed: 7, guidance: 3.5, raw: true, image_prompt: 'https://cdn.example.com/expired-1.png', input_images: ['https://cdn.example.com/expired-2.png'] } }
    })
    const { dialog } = open(vi.fn(), made)
    await user.click(within(dialog).getByRole('button', { name: 'Remix' }))
    expect(useDrafts.getState().drafts.create).toMatchObject({ modelId: 'i3-1', prompt: 'a lighthouse in fog' })
    expect(useDrafts.getState().drafts.create.params).toEqual({ aspect_ratio: '16:9', steps: 30, seed: 7, guidance: 3.5, raw: true })
  })

  it('closes on Escape', () => {
    const { dialog, onClose } = open()
    act(() => pressEscapeOn(dialog as HTMLDialogElement))
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
