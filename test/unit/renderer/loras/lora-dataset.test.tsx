// A LoRA's training images taken from a gallery selection: which outputs are taken, what is
// left out and why, the 15..30 count over both sources, and what the form sends.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { LibraryEntry, LibraryFile } from '../../../../src/shared/app/views'
import type { RouteInput } from '../../../../src/shared/contract'
import { datasetFromEntries } from '../../../../src/renderer/components/entries/gallery-dataset'
import { LoraCreateForm } from '../../../../src/renderer/features/loras/LoraCreateForm'
import { trainLoraFrom } from '../../../../src/renderer/features/gallery/bulk-actions'
import { useLibrary } from '../../../../src/renderer/stores/library'
import { useLoras } from '../../../../src/renderer/stores/loras'
import { useNavigation } from '../../../../src/renderer/stores/navigation'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { installFakeApi } from '../fake-api'
import { libraryEntry, lora, resetStore } from '../fixtures'

const api = installFakeApi()

function file(index: number, over: Partial<LibraryFile> = {}): LibraryFile {
  return {
    index, role: 'image', url: null, path: `outputs/x-${index}.png`, thumbnail: `thumbs/x-${index}.webp`, state: 'saved', lostReason: null,
    bytes: 100, sha256: null, mime: 'image/png', width: 64, height: 64, durationSeconds: null, ...over
  }
}
/** `n` image entries of `perEntry` saved images each. */
function images(n: number, perEntry = 1, prefix = 'img'): LibraryEntry[] {
  return Array.from({ length: n }, (_, i) => libraryEntry({ id: `${prefix}-${i}`, jobId: `${prefix}-${i}`, prompt: `portrait ${i}`, files: Array.from({ length: perEntry }, (_, k) => file(k)) }))
}
const video = libraryEntry({ id: 'vid', jobId: 'vid', modality: 'video', model: 'v1-1', files: [file(0, { role: 'video', path: 'outputs/v.mp4', mime: 'video/mp4' })] })
const track = libraryEntry({ id: 'tune', jobId: 'tune', modality: 'music', model: 'm1-1', files: [file(0, { role: 'track', path: 'outputs/t.mp3', mime: 'audio/mpeg' })] })

beforeEach(() => {
  api.reset()
  resetStore(useLoras)
  resetStore(useToasts)
  resetStore(useLibrary)
  useLoras.setState({ loaded: true })
})

describe('datasetFromEntries', () => {
  it('takes every saved image of the selected entries', () => {
    const d = datasetFromEntries([...images(3, 4), ...images(3, 1, 'one')])
    expect(d.refusal).toBeNull()
    expect(d.leftOut).toBeNull()
    expect(d.picks).toHaveLength(15)
    expect(d.picks[1]).toMatchObject({ jobId: 'img-0', index: 1, path: 'outputs/x-1.png', thumbnail: 'thumbs/x-1.webp' })
  })

  it('leaves out videos, music and unsaved images, saying how many and why', () => {
    const unsaved = libraryEntry({ id: 'u', jobId: 'u', files: [file(0, { state: 'lost', path: null })] })
    const d = datasetFromEntries([...images(15), video, track, unsaved])
    expect(d.picks).toHaveLength(15)
    expect(d.leftOut).toBe('1 video and 1 music track left out: a LoRA trains on images only; 1 image left out: not saved in the library.')
  })

  it('refuses more than 30 images with the count, and a selection without images', () => {
    expect(datasetFromEntries(images(8, 4))).toMatchObject({ picks: [], refusal: '32 images selected; a LoRA trains on at most 30. Select 2 fewer.' })
    expect(datasetFromEntries([video]).refusal).toBe('No saved image in the selection (1 video left out: a LoRA trains on images only).')
  })
})

describe('Train a LoRA from the gallery', () => {
  it('puts the selected images in the LoRA form, opens it, and warns about what was left out', async () => {
    const entries = [...images(16), video]
    api.handle('library.get', (input) => ({ ok: true, data: entries.find((x) => x.jobId === input.jobId)! }))
    await trainLoraFrom(entries.map((e) => e.jobId))
    expect(useLoras.getState().picks).toHaveLength(16)
    expect(useNavigation.getState().view).toBe('loras')
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({ level: 'warning', message: 'Added 16 images to the training images. 1 video left out: a LoRA trains on images only.' })
  })

  it('refuses a selection of more than 30 images and leaves the form as it was', async () => {
    const entries = images(31)
    api.handle('library.get', (input) => ({ ok: true, data: entries.find((x) => x.jobId === input.jobId)! }))
    await trainLoraFrom(entries.map((e) => e.jobId))
    expect(useLoras.getState().picks).toEqual([])
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({ level: 'error', message: expect.stringContaining('31 images selected') })
  })
})

describe('LoRA form with gallery images', () => {
  const picks = () => datasetFromEntries(images(15)).picks

  it('previews each gallery image through the library, counts it, and lets one be removed', async () => {
    const user = userEvent.setup()
    useLoras.setState({ picks: picks() })
    render(<LoraCreateForm />)
    expect(screen.getByTestId('lora-image-count').textContent).toBe('15 / 15–30')
    const thumbs = screen.getAllByTestId('lora-thumb')
    expect(thumbs).toHaveLength(15)
    expect(thumbs[0]!.querySelector('img')!.getAttribute('src')).toContain('thumbs/x-0.webp')
    await user.click(screen.getByRole('button', { name: 'Remove portrait 3' }))
    expect(screen.getByTestId('lora-image-count').textContent).toBe('14 / 15–30')
    expect(useLoras.getState().picks.map((p) => p.jobId)).not.toContain('img-3')
    await user.type(screen.getByLabelText(/^Name/), 'Me')
    expect((screen.getByTestId('lora-create-submit') as HTMLButtonElement).disabled).toBe(true)
  })

  it('mixes dropped files with gallery images and sends both', async () => {
    const user = userEvent.setup()
    useLoras.setState({ picks: picks().slice(0, 14) })
    api.handle('loras.create', () => ({ ok: true, data: lora({ status: 'PENDING', isReady: false, name: 'Me' }) }))
    render(<LoraCreateForm />)
    const input = document.querySelector('#lora-images input[type=file], input[type=file]') as HTMLInputElement
    await user.upload(input, [new File(['png-bytes'], 'mine.png', { type: 'image/png' })])
    expect(screen.getByTestId('lora-image-count').textContent).toBe('15 / 15–30')
    await user.type(screen.getByLabelText(/^Name/), 'Me')
    await user.click(screen.getByTestId('lora-create-submit'))
    await waitFor(() => expect(api.callsTo('loras.create')).toHaveLength(1))
    const sent = api.callsTo('loras.create')[0] as RouteInput<'loras.create'>
    expect(sent.images).toEqual([{ fileName: 'mine.png', dataBase64: expect.any(String) }])
    expect(sent.libraryImages).toEqual(picks().slice(0, 14).map((p) => ({ jobId: p.jobId, index: p.index })))
    // Sent: the form starts over, gallery images included.
    await waitFor(() => expect(useLoras.getState().picks).toEqual([]))
  })
})

describe('LoRA form refused by the engine', () => {
  it('names the gallery image the engine refused', async () => {
    const user = userEvent.setup()
    useLoras.setState({ picks: datasetFromEntries(images(15)).picks })
    api.fail('loras.create', { code: 'invalid_input', message: 'x.mp4 is not an image', details: { 'libraryImages.3': ['Must be an image'] } })
    render(<LoraCreateForm />)
    await user.type(screen.getByLabelText(/^Name/), 'Me')
    await user.click(screen.getByTestId('lora-create-submit'))
    expect(await screen.findByText('portrait 3: Must be an image')).toBeTruthy()
  })
})
