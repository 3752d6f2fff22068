// The LoRA manager and the Tools view in the pseudo-locale: LoRAs in each state the words
// differ by, the create form holding training images, the Try, Rename and Delete dialogs,
// and each tool with a source image chosen.
import { fireEvent, screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import type { LoraView } from '../../../../src/shared/app/lora-timeline'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useLoras, type LibraryPick } from '../../../../src/renderer/stores/loras'
import { useUploads } from '../../../../src/renderer/stores/uploads'
import { OutpaintPreview } from '../../../../src/renderer/features/tools/OutpaintPreview'
import type { FakeApi } from '../fake-api'
import { lora } from '../fixtures'
import type { Scene } from './scenes'

const T0 = '2026-01-01T10:00:00.000Z'
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString()
/** The service's own words for a failed training, shown as they come. */
const FAILURE = 'Too few faces were found in the images'

const LORAS: LoraView[] = [
  { ...lora({ id: 'l-ready', name: 'Mira', status: 'READY', triggerWord: 'mrx' }), timeline: [{ status: 'PENDING', at: at(0) }, { status: 'UPLOADING', at: at(1) }, { status: 'TRAINING', at: at(2) }, { status: 'READY', at: at(14) }] },
  { ...lora({ id: 'l-training', name: 'Watercolour', subjectKind: 'style', status: 'TRAINING', isReady: false, completedAt: null, triggerWord: null, imageCount: 1 }), timeline: [{ status: 'PENDING', at: at(0) }, { status: 'UPLOADING', at: at(1) }, { status: 'TRAINING', at: at(3) }] },
  { ...lora({ id: 'l-failed', name: 'Teapot', subjectKind: 'object', status: 'FAILED', isReady: false, error: FAILURE, triggerWord: null }), timeline: [{ status: 'PENDING', at: at(0) }, { status: 'TRAINING', at: at(2) }, { status: 'FAILED', at: at(9) }] },
  { ...lora({ id: 'l-pending', name: 'Bicycle', subjectKind: 'object', status: 'PENDING', isReady: false, startedAt: null, completedAt: null }), timeline: [{ status: 'PENDING', at: at(0) }] },
  { ...lora({ id: 'l-archived', name: 'Old look', subjectKind: 'style', status: 'ARCHIVED', isReady: false }) }
]
/** What the user named the LoRAs and their pictures: shown as they are. */
const NAMES = ['Mira', 'Watercolour', 'Teapot', 'Bicycle', 'Old look', 'beach-01.png', FAILURE]

function listed(api: FakeApi): void {
  api.answer('loras.list', LORAS)
  useLoras.setState({ items: LORAS, loaded: true, error: null, picks: [], tryRunId: null })
}

const PICKS: LibraryPick[] = Array.from({ length: 16 }, (_, i) => ({ jobId: `job-${i}`, index: 0, path: `files/job-${i}/0.png`, thumbnail: null, label: 'beach-01.png' }))

/** Opens a dialog from the ready LoRA's row (the first). */
const onReady = (testId: string) => async (user: UserEvent) => user.click((await screen.findAllByTestId(testId))[0]!)

/** The view on `tool` (its default model), with a picture uploaded as its source. */
function toolWithSource(model: string, params: Record<string, unknown> = {}) {
  return () => {
    const url = 'https://cdn.example.com/uploads/source.png'
    useUploads.setState({ byUrl: { [url]: { uploadId: 'u1', url, fileName: 'source.png', kind: 'image', preview: 'blob:source', expiresAt: '2099-01-01T00:00:00.000Z' } } })
    useDrafts.getState().setModel('tools', model, 'image', { params: { ...params, image: url } })
  }
}

/** The outpaint preview once its picture has loaded (jsdom loads none: its size is given). */
function pictureLoaded(): Promise<void> {
  const probe = document.querySelector<HTMLImageElement>('[data-testid="outpaint-preview"] img[hidden]')!
  Object.defineProperty(probe, 'naturalWidth', { value: 1024 })
  Object.defineProperty(probe, 'naturalHeight', { value: 768 })
  fireEvent.load(probe)
  return Promise.resolve()
}

export const LORA_TOOL_SCENES: Scene[] = [
  { name: 'LoRAs: ready, training, failed, pending and archived', view: 'loras', setup: listed, shows: ['lora-list'], allow: NAMES },
  { name: 'LoRAs: none yet', view: 'loras', setup: (api) => { api.answer('loras.list', []); useLoras.setState({ items: [], loaded: true, error: null, picks: [], tryRunId: null }) }, shows: ['empty-state'] },
  { name: 'LoRAs: the create form holding training images', view: 'loras', setup: (api) => { listed(api); useLoras.setState({ picks: PICKS }) }, shows: ['lora-thumbs', 'lora-image-count'], allow: NAMES },
  { name: 'LoRAs: trying one at several strengths', view: 'loras', setup: listed, act: onReady('lora-try'), shows: ['lora-try-dialog'], allow: NAMES },
  { name: 'LoRAs: renaming one', view: 'loras', setup: listed, act: onReady('lora-rename'), shows: ['lora-rename-dialog'], allow: NAMES },
  { name: 'LoRAs: deleting one', view: 'loras', setup: listed, act: onReady('lora-delete'), shows: ['lora-delete-dialog'], allow: NAMES },
  { name: 'Tools: the outpaint preview, no direction chosen', draw: () => <OutpaintPreview src="blob:source" mode={undefined} />, shows: ['outpaint-preview'] },
  { name: 'Tools: the outpaint preview of a picture extended left', draw: () => <OutpaintPreview src="blob:source" mode="Left outpaint" />, act: pictureLoaded, shows: ['outpaint-result'] },
  { name: 'Tools: edit, a source chosen', view: 'tools', setup: toolWithSource('e1-1', { mode: 'inpaint' }), shows: ['tool-edit'] },
  { name: 'Tools: edit, outpainting a source', view: 'tools', setup: toolWithSource('e1-1', { mode: 'outpaint' }), shows: ['outpaint-preview'] },
  { name: 'Tools: upscale, a source chosen', view: 'tools', setup: toolWithSource('u1-1'), shows: ['tool-upscale'] },
  { name: 'Tools: remove background, a source chosen', view: 'tools', setup: toolWithSource('b1-1'), shows: ['tool-background'] }
]
