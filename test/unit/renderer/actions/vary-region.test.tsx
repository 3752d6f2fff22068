// Vary region from a result: nothing goes until a region is painted; then the painting
// goes up as the mask and the edit model's inpaint is sent with the result and the mask
// as its inputs. The Tools view's own painting is put back when the dialog closes.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ActionsDialog } from '../../../../src/renderer/components/actions/ActionsDialog'
import { useMask } from '../../../../src/renderer/components/mask/mask-store'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import type { LibraryFile } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { jobView, libraryEntry, resetStore } from '../fixtures'

// happy-dom has no canvas: the PNG itself is checked in Chromium end to end.
vi.mock('../../../../src/renderer/components/mask/mask-png', () => ({
  maskPng: vi.fn(async () => new File([new Uint8Array([137, 80, 78, 71])], 'painted-mask.png', { type: 'image/png' })),
  naturalSize: vi.fn(async () => ({ width: 64, height: 48 }))
}))

const api = installFakeApi()
const HOUR = 3_600_000
const PICTURE: LibraryFile = {
  index: 0, role: 'image', url: null, path: 'files/job-1/0.png', thumbnail: null, state: 'saved', lostReason: null,
  bytes: 1000, sha256: 'ab', mime: 'image/png', width: 64, height: 48, durationSeconds: null
}
const upload = (id: string, url: string) => ({ id, url, kind: 'image' as const, contentType: 'image/png', byteSize: 10, expiresAt: new Date(Date.now() + HOUR).toISOString(), localPath: `files/${id}.png` })
const stroke = { type: 'stroke' as const, tool: 'brush' as const, size: 8, points: [{ x: 4, y: 4 }, { x: 30, y: 20 }] }

beforeEach(() => {
  api.reset()
  localStorage.clear()
  resetStore(useJobs)
  api.answer('uploads.fromLibrary', upload('up-result', 'https://svc/u/result'))
  api.answer('uploads.create', upload('up-mask', 'https://svc/u/mask'))
  api.handle('jobs.submit', ({ request }) => ({ ok: true, data: jobView({ localId: 'edit-1', model: 'e1-1', kind: 'edit', request, submission: 'accepted' }) }))
})

describe('Vary region', () => {
  it('sends the inpaint with the result and the painted mask once a region is painted', async () => {
    const onClose = vi.fn()
    render(<ActionsDialog entry={libraryEntry({ files: [PICTURE] })} file={PICTURE} first="vary-region" onClose={onClose} />)
    // The painter's page is loaded when Vary region opens.
    expect(((await screen.findByTestId('region-send')) as HTMLButtonElement).disabled).toBe(true)
    await waitFor(() => expect(useMask.getState().imageUrl).toBe('result:job-1/0'))
    useMask.getState().apply(stroke)
    await userEvent.clear(screen.getByTestId('region-prompt'))
    await userEvent.type(screen.getByTestId('region-prompt'), 'a blue door')
    await userEvent.click(screen.getByTestId('region-send'))

    await waitFor(() => expect(api.callsTo('jobs.submit')).toHaveLength(1))
    expect(api.callsTo('jobs.submit')[0]).toEqual({
      request: { model: 'e1-1', prompt: 'a blue door', e1Params: { mode: 'inpaint', image: 'https://svc/u/result', mask: 'https://svc/u/mask' } },
      inputs: [{ field: 'e1Params.image', uploadId: 'up-result' }, { field: 'e1Params.mask', uploadId: 'up-mask' }]
    })
    expect(onClose).toHaveBeenCalled()
  })

  it('puts the Tools view’s painting back when it closes', async () => {
    useMask.getState().forImage('https://svc/u/tools-image')
    useMask.getState().apply(stroke)
    const before = useMask.getState().history
    const { unmount } = render(<ActionsDialog entry={libraryEntry({ files: [PICTURE] })} file={PICTURE} first="vary-region" onClose={vi.fn()} />)
    await waitFor(() => expect(useMask.getState().imageUrl).toBe('result:job-1/0'))
    unmount()
    expect(useMask.getState()).toMatchObject({ imageUrl: 'https://svc/u/tools-image', history: before })
  })
})
