// An output goes on to the next step from wherever it is shown: on Create's results the
// actions send from the result itself; in the gallery's viewer Upscale and Remove
// background (beside Edit) open Tools on that tool with the output as its image, uploaded
// from the library's copy; dragged onto an input, a result is used from that copy too.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { LIBRARY_DRAG_TYPE } from '../../../../src/renderer/components/entries/drag-payload'
import { GalleryDetail } from '../../../../src/renderer/features/gallery/GalleryDetail'
import { UriField } from '../../../../src/renderer/components/inputs/UriField'
import { SourceDrop } from '../../../../src/renderer/features/tools/SourceDrop'
import { ResultsArea } from '../../../../src/renderer/components/results/ResultsArea'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { useNavigation } from '../../../../src/renderer/stores/navigation'
import { useLibrary } from '../../../../src/renderer/stores/library'
import type { LibraryFile } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { dataTransfer, jobView, libraryEntry, resetStore } from '../fixtures'

const api = installFakeApi()
const KINDS = ['image', 'video', 'music'] as const
const HOUR = 3_600_000

const file = (over: Partial<LibraryFile> = {}): LibraryFile => ({
  index: 0, role: 'image', url: null, path: 'files/job-1/0.png', thumbnail: null, state: 'saved', lostReason: null,
  bytes: 1000, sha256: 'ab', mime: 'image/png', width: 64, height: 48, durationSeconds: null, ...over
})
const entry = libraryEntry({ files: [file()] })

beforeEach(() => {
  api.reset()
  localStorage.clear()
  resetStore(useJobs)
  resetStore(useLibrary)
  resetStore(useDrafts)
  useNavigation.setState({ view: 'create' })
  api.answer('library.get', entry)
  api.answer('uploads.fromLibrary', { id: 'up-1', url: 'https://svc/u/1', kind: 'image', contentType: 'image/png', byteSize: 10, expiresAt: new Date(Date.now() + HOUR).toISOString(), localPath: 'files/job-1/0.png' })
})

async function showResult() {
  const job = jobView({ submission: 'accepted', jobId: 'job-1', status: 'COMPLETED', saved: 'saved' })
  useJobs.getState().upsert(job)
  useJobs.getState().markSent(job.localId)
  render(<ResultsArea kinds={KINDS} />)
  return screen.findByTestId('result-output')
}

describe('chaining from an output', () => {
  it('Upscale ×2 on a result sends a U1 job from it at once, priced first, without leaving Create', async () => {
    api.handle('jobs.submit', ({ request }) => ({ ok: true, data: jobView({ localId: 'up-job', model: 'u1-1', kind: 'upscale', request, submission: 'accepted' }) }))
    await showResult()
    await userEvent.click(screen.getByTestId('result-actions-open'))
    const upscale = screen.getByTestId('action-upscale-2')
    // 64×48 rounds up to 1 MP at ×2: 2 credits, shown before it is sent.
    expect(within(upscale).getByTestId('action-price').textContent).toBe('2 credits')
    await userEvent.click(upscale)
    await waitFor(() => expect(api.callsTo('jobs.submit')).toHaveLength(1))
    expect(api.callsTo('jobs.submit')[0]).toEqual({ request: { model: 'u1-1', u1Params: { upscale_factor: 2, image: 'https://svc/u/1' } }, inputs: [{ field: 'u1Params.image', uploadId: 'up-1' }] })
    expect(api.callsTo('uploads.fromLibrary')).toEqual([{ jobId: 'job-1', index: 0 }])
    expect(useNavigation.getState().view).toBe('create')
    expect(useJobs.getState().sent[0]).toBe('up-job')
  })

  it('Remove background in the gallery viewer opens Tools on background removal with that image, and closes the viewer', async () => {
    const onClose = vi.fn()
    render(<GalleryDetail entry={entry} onClose={onClose} />)
    const dialog = screen.getByRole('dialog')
    await userEvent.click(within(dialog).getByTestId('remove-background'))
    expect(onClose).toHaveBeenCalled()
    await waitFor(() => expect(useDrafts.getState().drafts.tools).toMatchObject({ modelId: 'b1-1', params: { image: 'https://svc/u/1' } }))
    expect(within(dialog).getByTestId('upscale-image')).toBeTruthy()
    expect(within(dialog).getByTestId('edit-image')).toBeTruthy()
  })

  it('offers no image tool for a video', () => {
    render(<GalleryDetail entry={libraryEntry({ modality: 'video', model: 'v1-1', files: [file({ role: 'video', mime: 'video/mp4', path: 'files/job-1/0.mp4' })] })} onClose={vi.fn()} />)
    expect(screen.queryByTestId('upscale-image')).toBeNull()
    expect(screen.queryByTestId('remove-background')).toBeNull()
  })
})

describe('dragging a result onto an input', () => {
  it('carries the library file, and an image input takes it by uploading the library copy', async () => {
    const img = await showResult()
    const data = dataTransfer()
    fireEvent.dragStart(img, { dataTransfer: data })
    expect(JSON.parse(data.getData(LIBRARY_DRAG_TYPE))).toEqual({ jobId: 'job-1', index: 0 })

    const onChange = vi.fn()
    render(<UriField id="f" label="Image" path="e1Params.image" fieldKey="image" value={undefined} required errors={[]} onChange={onChange} />)
    fireEvent.drop(screen.getByTestId('dropzone-e1Params.image'), { dataTransfer: data })
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('https://svc/u/1', []))
    expect(api.callsTo('uploads.fromLibrary')).toEqual([{ jobId: 'job-1', index: 0 }])
  })
})

describe('dragging a result onto the picture being edited', () => {
  it('replaces the edit tool\'s image with the output, uploaded from the library', async () => {
    const img = await showResult()
    const data = dataTransfer()
    fireEvent.dragStart(img, { dataTransfer: data })
    const onReplace = vi.fn()
    render(
      <SourceDrop path="e1Params.image" onReplace={onReplace}>
        <p>the painter</p>
      </SourceDrop>
    )
    const zone = screen.getByTestId('source-drop')
    fireEvent.dragOver(zone, { dataTransfer: data })
    expect(zone.className).toContain('is-drop-target')
    fireEvent.drop(zone, { dataTransfer: data })
    await waitFor(() => expect(onReplace).toHaveBeenCalledWith('https://svc/u/1', []))
    expect(api.callsTo('uploads.fromLibrary')).toEqual([{ jobId: 'job-1', index: 0 }])
  })
})

describe('dragging a result onto an input in the desktop app', () => {
  // The desktop shell's bridge adds the OS drag to what the fake engine answers.
  const desktop = api as typeof api & { startDrag?: (path: string) => void }
  const dropFile = (file: File) => {
    render(<UriField id="g" label="Image" path="e1Params.image" fieldKey="image" value={undefined} required errors={[]} onChange={vi.fn()} />)
    const data = { types: ['Files'], files: [file], getData: () => '', dropEffect: 'none' } as unknown as DataTransfer
    fireEvent.drop(screen.getByTestId('dropzone-e1Params.image'), { dataTransfer: data })
  }

  it('knows the file the desktop hands back as that output, and uploads it from the library', async () => {
    const startDrag = vi.fn()
    desktop.startDrag = startDrag
    try {
      const img = await showResult()
      fireEvent.dragStart(img, { dataTransfer: dataTransfer() })
      expect(startDrag).toHaveBeenCalledWith('files/job-1/0.png')
      dropFile(new File([new Uint8Array(1000)], '0.png', { type: 'image/png' }))
      await waitFor(() => expect(api.callsTo('uploads.fromLibrary')).toEqual([{ jobId: 'job-1', index: 0 }]))
      expect(api.callsTo('uploads.create')).toEqual([])
    } finally {
      delete desktop.startDrag
    }
  })

  it('takes another file of the same name as the file it is', async () => {
    const startDrag = vi.fn()
    desktop.startDrag = startDrag
    api.answer('uploads.create', { id: 'up-2', url: 'https://svc/u/2', kind: 'image', contentType: 'image/png', byteSize: 10, expiresAt: new Date(Date.now() + HOUR).toISOString(), localPath: 'uploads/0.png' })
    try {
      const img = await showResult()
      fireEvent.dragStart(img, { dataTransfer: dataTransfer() })
      dropFile(new File([new Uint8Array(10)], '0.png', { type: 'image/png' }))
      await waitFor(() => expect(api.callsTo('uploads.create')).toHaveLength(1))
      expect(api.callsTo('uploads.fromLibrary')).toEqual([])
    } finally {
      delete desktop.startDrag
    }
  })
})
