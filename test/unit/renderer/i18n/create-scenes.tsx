// Create, for the pseudo-locale test: forms of models with every kind of parameter (choices,
// numbers, switches, file inputs, a LoRA, the seed), the prompt tools with something in
// each list, a batch; and the pieces Create shows its results with: the actions on a
// result, the media viewer in each state, Compare, the recent outputs.
import type { LibraryEntry, LibraryFile } from '../../../../src/shared/app/views'
import { ResultActions } from '../../../../src/renderer/components/results/ResultActions'
import { ToolActions } from '../../../../src/renderer/components/actions/ToolActions'
import { CompareDialog } from '../../../../src/renderer/components/media/CompareDialog'
import { MediaViewer } from '../../../../src/renderer/components/media/MediaViewer'
import { RecentStrip } from '../../../../src/renderer/components/media/RecentStrip'
import { Thumbnail } from '../../../../src/renderer/components/media/Thumbnail'
import { useCreateOptions } from '../../../../src/renderer/stores/create-options'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useLibrary } from '../../../../src/renderer/stores/library'
import { usePromptLibrary } from '../../../../src/renderer/stores/prompt-library'
import type { FakeApi } from '../fake-api'
import { jobView, libraryEntry } from '../fixtures'
import type { Scene } from './scenes'

const AT = '2026-01-01T00:00:00.000Z'
/** The prompt: shown as written in its box, and in labels and alt texts the app cannot mark. */
const PROMPT = 'a lighthouse'
/** The design system's slider still names itself in English (its words are not in a catalog yet). */
const SLIDER = '(slider)'
/** The design system's drop zone's button, likewise. */
const PICK = ['Choose files…', 'Choose file…']
const picture = (n: number, over: Partial<LibraryFile> = {}): LibraryFile => ({
  index: 0, role: 'image', url: null, path: `files/job-${n}/0.png`, thumbnail: null, state: 'saved', lostReason: null,
  bytes: 1000, sha256: null, mime: 'image/png', width: 1024, height: 768, durationSeconds: null, ...over
})
const entry = (n: number, over: Partial<LibraryEntry> = {}) => libraryEntry({ id: `job-${n}`, jobId: `job-${n}`, files: [picture(n)], creditCost: n === 2 ? null : 6, ...over })

/** Create drawn on `model`, with `params` set (and their errors shown) and the batch at `batch`. */
function createOn(model: string, params: Record<string, unknown> = {}, batch = 1): (api: FakeApi) => void {
  return (api) => {
    api.answer('library.list', { entries: [], total: 0 })
    const drafts = useDrafts.getState()
    drafts.chooseModel('create', model, model.startsWith('v') ? 'video' : 'image')
    drafts.setPrompt('create', PROMPT)
    for (const [key, value] of Object.entries(params)) drafts.setParam('create', key, value, `${model.split('-')[0]}Params.${key}`)
    useCreateOptions.getState().setBatch(batch)
  }
}

function promptLibrary(api: FakeApi): void {
  api.answer('library.list', { entries: [], total: 0 })
  const library = usePromptLibrary.getState()
  library.save('Harbour', 'a harbour at dawn')
  library.addStyle({ name: 'Oil', fragment: 'oil painting', target: 'prompt' })
  library.addStyle({ name: 'Clean', fragment: 'blurry', target: 'negative' })
  usePromptLibrary.setState({ history: [{ id: 'h1', prompt: 'a fox in snow', modelId: 'i3-1', params: {}, at: AT }, { id: 'h2', prompt: 'a quiet street', modelId: null, params: {}, at: AT }] })
}

const openTools = (tab: string) => async (user: { click(el: Element): Promise<void> }) => {
  await user.click(await findTestId('prompt-tools'))
  await user.click(await findTestId(`prompt-tab-${tab}`))
}

export const CREATE_SCENES: Scene[] = [
  {
    name: 'Create on I17: a LoRA to pick, choices, sliders, the seed, a batch of 3 and a value out of range',
    view: 'create',
    setup: createOn('i17-1', { lora_strength: 9, seed: 42 }, 3),
    shows: ['params-form', 'seed-input', 'batch-note'],
    allow: [PROMPT, SLIDER, ...PICK, 'png', 'jpg', 'webp']
  },
  {
    name: 'Create on I3: input images and an image prompt linked by URL, switches, choices and sizes',
    view: 'create',
    setup: createOn('i3-4', { input_images: ['https://cdn.example.com/a.png'], image_prompt: 'https://cdn.example.com/b.png', go_fast: true, raw: false }),
    shows: ['params-form'],
    allow: [PROMPT, SLIDER, ...PICK, 'png', 'jpg', 'webp', '0.5MP', '1MP', '2MP', '4MP', 'https://cdn.example.com/a.png', 'https://cdn.example.com/b.png']
  },
  {
    name: 'Create on V7: start and end frames, camera and audio switches, durations and resolutions',
    view: 'create',
    setup: createOn('v7-1', { camera_fixed: true }),
    shows: ['params-form'],
    allow: [PROMPT, SLIDER, ...PICK, '480p', '720p', '1080p']
  },
  {
    name: 'Create on I11: word choices (task, size, acceleration) in a list to search',
    view: 'create',
    setup: createOn('i11-1', { task_type: 'image-edit', image_size: 'portrait_16_9' }),
    shows: ['params-form'],
    allow: [PROMPT, SLIDER, ...PICK, 'png', 'jpeg']
  },
  { name: 'Create: the prompt history', view: 'create', setup: promptLibrary, act: openTools('history'), shows: ['history-search'], allow: [PROMPT, 'a fox in snow', 'a quiet street'] },
  { name: 'Create: saved prompts', view: 'create', setup: promptLibrary, act: openTools('saved'), shows: ['save-prompt'], allow: [PROMPT, 'Harbour'] },
  { name: 'Create: prompt styles', view: 'create', setup: promptLibrary, act: openTools('styles'), shows: ['style-add'], allow: [PROMPT, 'Oil', 'Clean'] },
  {
    name: 'the actions on a saved image result, with the tools',
    draw: () => (
      <>
        <ResultActions job={jobView({ jobId: 'job-1', status: 'COMPLETED' })} entry={entry(1)} />
        <ToolActions entry={entry(1)} file={picture(1)} />
      </>
    ),
    act: async (user) => user.click(await findTestId('result-delete')),
    shows: ['result-confirm-delete']
  },
  {
    name: 'the media viewer: a picture, a lost file, one still saving, none',
    draw: () => (
      <>
        <MediaViewer entry={entry(1)} file={picture(1)} />
        <MediaViewer entry={entry(2)} file={picture(2, { state: 'lost', path: null })} />
        <MediaViewer entry={entry(3)} file={picture(3, { state: 'pending', path: null })} />
        <MediaViewer entry={entry(4)} file={undefined} />
        <Thumbnail entry={entry(2)} file={picture(2, { state: 'lost', path: null })} alt="" />
        <Thumbnail entry={entry(3)} file={picture(3, { state: 'pending', path: null })} alt="" />
      </>
    ),
    allow: [PROMPT]
  },
  {
    name: 'Compare: two outputs side by side, one of unknown cost',
    draw: () => <CompareDialog jobIds={['job-1', 'job-2']} onClose={() => undefined} />,
    setup: () => useLibrary.setState({ pages: { 0: [entry(1), entry(2)] }, total: 2, loaded: true }),
    shows: ['compare-dialog'],
    allow: [PROMPT]
  },
  {
    name: 'the recent outputs beside a form',
    draw: () => <RecentStrip />,
    setup: (api) => api.answer('library.list', { entries: [entry(1)], total: 1 }),
    shows: ['recent-item'],
    allow: [PROMPT]
  }
]

async function findTestId(id: string): Promise<HTMLElement> {
  const { screen } = await import('@testing-library/react')
  return screen.findByTestId(id)
}
