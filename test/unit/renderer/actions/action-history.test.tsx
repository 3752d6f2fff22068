// Every action on a result is a send, and every send is in the prompt history: one row per
// prompt and model, by the same path as Create's sends. An action whose send stopped
// recording leaves the history without its row.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ActionsDialog } from '../../../../src/renderer/components/actions/ActionsDialog'
import type { ResultAction } from '../../../../src/renderer/components/actions/action-keys'
import { useMask } from '../../../../src/renderer/components/mask/mask-store'
import { applyHistory } from '../../../../src/renderer/components/composer/prompt-apply'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { useNavigation } from '../../../../src/renderer/stores/navigation'
import { usePromptLibrary } from '../../../../src/renderer/stores/prompt-library'
import type { LibraryFile } from '../../../../src/shared/app/views'
import { installFakeApi } from '../fake-api'
import { jobView, libraryEntry, resetStore } from '../fixtures'

// happy-dom has no canvas: the mask's PNG is checked in Chromium end to end.
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
const ENTRY = libraryEntry({ model: 'i3-1', prompt: 'a lighthouse', files: [PICTURE] })
const upload = (id: string, url: string) => ({ id, url, kind: 'image' as const, contentType: 'image/png', byteSize: 10, expiresAt: new Date(Date.now() + HOUR).toISOString(), localPath: `files/${id}.png` })
const rows = () => usePromptLibrary.getState().history.map((h) => [h.prompt, h.modelId])
const sentModel = () => (api.callsTo('jobs.submit').at(-1) as { request: { model: string } }).request.model

beforeEach(() => {
  api.reset()
  localStorage.clear()
  resetStore(useJobs)
  usePromptLibrary.setState({ history: [] })
  api.answer('uploads.fromLibrary', upload('up-result', 'https://svc/u/result'))
  api.answer('uploads.create', upload('up-mask', 'https://svc/u/mask'))
  let n = 0
  api.handle('jobs.submit', ({ request }) => ({ ok: true, data: jobView({ localId: `sent-${++n}`, model: String(request.model), kind: 'image', request, submission: 'accepted' }) }))
})

async function sendFromMenu(action: ResultAction): Promise<void> {
  const onClose = vi.fn()
  const { unmount } = render(<ActionsDialog entry={ENTRY} file={PICTURE} first={null} onClose={onClose} />)
  await userEvent.click(screen.getByTestId(`action-${action}`))
  await waitFor(() => expect(onClose).toHaveBeenCalled())
  unmount()
}

describe('the prompt history of actions on a result', () => {
  const direct: ResultAction[] = ['vary-subtle', 'vary-strong', 'zoom-1.5', 'zoom-2', 'square', 'pan-left', 'pan-right', 'pan-up', 'pan-down', 'upscale-2', 'upscale-4', 'remove-background']
  it.each(direct)('%s adds a row of the prompt under the model it was sent to', async (action) => {
    await sendFromMenu(action)
    expect(api.callsTo('jobs.submit')).toHaveLength(1)
    expect(rows()).toEqual([['a lighthouse', sentModel()]])
  })

  it('Vary region adds the prompt written in the painter, under the edit model', async () => {
    const onClose = vi.fn()
    render(<ActionsDialog entry={ENTRY} file={PICTURE} first="vary-region" onClose={onClose} />)
    await screen.findByTestId('region-send')
    await waitFor(() => expect(useMask.getState().imageUrl).toBe('result:job-1/0'))
    useMask.getState().apply({ type: 'stroke', tool: 'brush', size: 8, points: [{ x: 4, y: 4 }, { x: 30, y: 20 }] })
    await userEvent.clear(screen.getByTestId('region-prompt'))
    await userEvent.type(screen.getByTestId('region-prompt'), 'a blue door')
    await userEvent.click(screen.getByTestId('region-send'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(rows()).toEqual([['a blue door', 'e1-1']])
  })

  it('Animate adds a row under the video model', async () => {
    const onClose = vi.fn()
    render(<ActionsDialog entry={ENTRY} file={PICTURE} first="animate" onClose={onClose} />)
    await userEvent.click(await screen.findByTestId('animate-send'))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(rows()).toEqual([['a lighthouse', sentModel()]])
    expect(sentModel()).not.toBe('i3-1')
  })

  it('the same action twice on one prompt and model is one row, an action on another model another', async () => {
    await sendFromMenu('upscale-2')
    await sendFromMenu('upscale-4')
    await sendFromMenu('zoom-2')
    expect(rows()).toEqual([['a lighthouse', 'e1-1'], ['a lighthouse', 'u1-1']])
  })

  it('a send the engine refused outright adds no row', async () => {
    api.handle('jobs.submit', () => ({ ok: false, error: { code: 'validation', message: 'prompt: too long' } }))
    render(<ActionsDialog entry={ENTRY} file={PICTURE} first={null} onClose={vi.fn()} />)
    await userEvent.click(screen.getByTestId('action-upscale-2'))
    await waitFor(() => expect(api.callsTo('jobs.submit')).toHaveLength(1))
    await screen.findByTestId('action-upscale-2')
    expect(rows()).toEqual([])
  })

  it('using an upscale’s row again opens it in Tools, not in Create', async () => {
    await sendFromMenu('upscale-4')
    const createBefore = useDrafts.getState().drafts.create.modelId
    applyHistory(usePromptLibrary.getState().history[0]!)
    expect(useDrafts.getState().drafts.tools).toMatchObject({ modelId: 'u1-1', params: { upscale_factor: 4 } })
    expect(useDrafts.getState().drafts.create.modelId).toBe(createBefore)
    expect(useNavigation.getState().view).toBe('tools')
  })
})
