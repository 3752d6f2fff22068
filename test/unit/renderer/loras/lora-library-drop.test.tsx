// An output dragged from Create's results or the gallery onto the LoRA form's training
// images joins them as a library pick; one that cannot train (a video) is refused with why.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { writeLibraryDrag } from '../../../../src/renderer/components/entries/drag-payload'
import { LoraImagesField } from '../../../../src/renderer/features/loras/LoraImagesField'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import type { LibraryFile } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { dataTransfer, libraryEntry, resetStore } from '../fixtures'

const api = installFakeApi()

const file = (index: number, over: Partial<LibraryFile> = {}): LibraryFile => ({
  index, role: 'image', url: null, path: `files/job-1/${index}.png`, thumbnail: `thumbs/job-1-${index}.webp`, state: 'saved', lostReason: null,
  bytes: 1000, sha256: 'ab', mime: 'image/png', width: 64, height: 48, durationSeconds: null, ...over
})

function dragOf(jobId: string, index: number): DataTransfer {
  const dt = dataTransfer()
  writeLibraryDrag(dt, { jobId, index }, 'a fox')
  return dt
}

beforeEach(() => {
  api.reset()
  resetStore(useToasts)
})

function renderField() {
  const onAddPicks = vi.fn()
  render(<LoraImagesField files={[]} picks={[]} onFiles={vi.fn()} onPicks={vi.fn()} onAddPicks={onAddPicks} errors={[]} />)
  return onAddPicks
}

describe('training images dragged in from the app', () => {
  it('adds the dragged output, and only that one of its entry, as a library pick', async () => {
    api.answer('library.get', libraryEntry({ prompt: 'a fox', files: [file(0), file(1)] }))
    const onAddPicks = renderField()
    fireEvent.drop(screen.getByTestId('lora-images-drop'), { dataTransfer: dragOf('job-1', 1) })
    await waitFor(() => expect(onAddPicks).toHaveBeenCalledWith([{ jobId: 'job-1', index: 1, path: 'files/job-1/1.png', thumbnail: 'thumbs/job-1-1.webp', label: 'a fox' }]))
  })

  it('refuses a video with the reason', async () => {
    api.answer('library.get', libraryEntry({ modality: 'video', model: 'v1-1', files: [file(0, { role: 'video', mime: 'video/mp4' })] }))
    const onAddPicks = renderField()
    fireEvent.drop(screen.getByTestId('lora-images-drop'), { dataTransfer: dragOf('job-1', 0) })
    await waitFor(() => expect(useToasts.getState().toasts.map((t) => t.message).join()).toMatch(/a LoRA trains on images only/))
    expect(onAddPicks).not.toHaveBeenCalled()
  })
})
