// Create's prompt tools: every prompt sent is in the history with its model and settings
// (searchable, one click to use again), prompts can be saved by name, and styles add a
// fragment to the prompt or the negative prompt and take it out again.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { submitDraft } from '../../../../src/renderer/components/submit/submit-draft'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { HISTORY_STORED_CHARS, usePromptLibrary } from '../../../../src/renderer/stores/prompt-library'
import { getModel } from '../../../../src/shared/api'
import { renderForm } from '../forms/composer-harness'
import { installFakeApi } from '../fake-api'
import { jobView, resetStore } from '../fixtures'

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  localStorage.clear()
  resetStore(usePromptLibrary)
  api.handle('jobs.submit', ({ request }) => ({ ok: true, data: jobView({ localId: `sent-${api.callsTo('jobs.submit').length}`, request, submission: 'accepted', status: 'QUEUED', jobId: 'j-1' }) }))
})

async function openTools(modelId: string) {
  const form = renderForm(getModel(modelId)!)
  const user = userEvent.setup()
  await user.click(screen.getByTestId('prompt-tools'))
  return { form, user, panel: screen.getByTestId('prompt-panel') }
}

describe('the prompt history', () => {
  it('keeps each prompt sent from Create with its settings, once for a prompt sent again, and brings both back in one click', async () => {
    const form = renderForm(getModel('i10-1')!)
    const drafts = useDrafts.getState()
    drafts.setPrompt('create', 'a red fox in snow')
    drafts.setParam('create', 'n', 2, 'i10Params.n')
    await waitFor(() => expect(form.composer().valid).toBe(true))
    expect(await submitDraft(form.composer())).toBe(true)
    // Sent again with another setting: still one entry, with the settings sent last.
    useDrafts.getState().setParam('create', 'n', 3, 'i10Params.n')
    await waitFor(() => expect(form.composer().draft.params.n).toBe(3))
    expect(await submitDraft(form.composer())).toBe(true)
    expect(usePromptLibrary.getState().history).toHaveLength(1)
    useDrafts.getState().setPrompt('create', 'a blue whale')
    await waitFor(() => expect(form.composer().draft.prompt).toBe('a blue whale'))
    expect(await submitDraft(form.composer())).toBe(true)
    expect(usePromptLibrary.getState().history.map((h) => h.prompt)).toEqual(['a blue whale', 'a red fox in snow'])

    // Elsewhere, with other settings: the fox comes back with its model and settings.
    useDrafts.getState().prefill('create', { modality: 'image', modelId: 'i1-1', prompt: 'something else', params: {} })
    const user = userEvent.setup()
    await user.click(screen.getByTestId('prompt-tools'))
    await user.type(screen.getByTestId('history-search'), 'FOX')
    const items = screen.getAllByTestId('history-item')
    expect(items).toHaveLength(1)
    await user.click(within(items[0]!).getByTestId('history-use'))
    expect(useDrafts.getState().drafts.create).toMatchObject({ modelId: 'i10-1', prompt: 'a red fox in snow', params: { n: 3 } })
  })

  it('keeps a prompt sent on the model the form opened with under that model, and brings it back on it', async () => {
    const form = renderForm(getModel('i10-1')!)
    // Nothing picked yet: the form shows its first model, and that is the one sent.
    useDrafts.getState().setModality('create', 'image', null)
    useDrafts.getState().setPrompt('create', 'a lighthouse at dusk')
    await waitFor(() => expect(form.composer().valid).toBe(true))
    const shown = form.composer().option!.id
    expect(await submitDraft(form.composer())).toBe(true)
    expect(api.callsTo('jobs.submit')).toMatchObject([{ request: { model: shown } }])
    expect(usePromptLibrary.getState().history[0]).toMatchObject({ prompt: 'a lighthouse at dusk', modelId: shown })

    useDrafts.getState().prefill('create', { modality: 'image', modelId: 'i3-1', prompt: 'something else', params: {} })
    const user = userEvent.setup()
    await user.click(screen.getByTestId('prompt-tools'))
    expect(within(screen.getByTestId('history-item')).getByText(shown)).toBeTruthy()
    await user.click(screen.getByTestId('history-use'))
    expect(useDrafts.getState().drafts.create).toMatchObject({ modelId: shown, prompt: 'a lighthouse at dusk' })
  })

  it('keeps the prompt that was sent, not one typed while it was on its way', async () => {
    const form = renderForm(getModel('i10-1')!)
    useDrafts.getState().setPrompt('create', 'a heron at dawn')
    await waitFor(() => expect(form.composer().valid).toBe(true))
    api.handle('jobs.submit', ({ request }) => {
      useDrafts.getState().setPrompt('create', 'the next idea, half typed')
      return { ok: true, data: jobView({ localId: 'sent-1', request, submission: 'accepted', status: 'QUEUED', jobId: 'j-1' }) }
    })
    expect(await submitDraft(form.composer())).toBe(true)
    expect(usePromptLibrary.getState().history.map((h) => h.prompt)).toEqual(['a heron at dawn'])
    expect(useDrafts.getState().drafts.create.prompt).toBe('the next idea, half typed')
  })

  it('keeps the last 200 across a restart, and drops a damaged entry with a notice', async () => {
    const lib = usePromptLibrary.getState()
    for (let i = 0; i < 205; i++) lib.remember([{ prompt: `prompt ${i}`, modelId: 'i1-1', params: {} }])
    const kept = JSON.parse(localStorage.getItem('mediagen:prompt-history')!) as unknown[]
    expect(kept).toHaveLength(200)
    localStorage.setItem('mediagen:prompt-history', JSON.stringify([...kept.slice(0, 3), { prompt: 5 }]))

    const { vi } = await import('vitest')
    vi.resetModules()
    const fresh = await import('../../../../src/renderer/stores/prompt-library')
    const { useToasts } = await import('../../../../src/renderer/stores/toasts')
    expect(fresh.usePromptLibrary.getState().history.map((h) => h.prompt)).toEqual(['prompt 204', 'prompt 203', 'prompt 202'])
    expect(useToasts.getState().toasts.map((t) => t.message)).toContain('1 of 4 prompt history entries could not be read and were dropped')
  })

  it('stores no more of the history than fits beside the drafts, newest first', () => {
    const lib = usePromptLibrary.getState()
    for (let i = 0; i < 200; i++) lib.remember([{ prompt: `${i} ${'x'.repeat(15_000)}`, modelId: 'i1-1', params: {} }])
    const text = localStorage.getItem('mediagen:prompt-history')!
    expect(text.length).toBeLessThanOrEqual(HISTORY_STORED_CHARS)
    const kept = JSON.parse(text) as { prompt: string }[]
    expect(kept.length).toBeGreaterThan(10)
    expect(kept[0]!.prompt.startsWith('199 ')).toBe(true)
    // The page itself still has all of them.
    expect(usePromptLibrary.getState().history).toHaveLength(200)
  })
})

describe('saved prompts', () => {
  it('saves the current prompt, puts it back, renames and deletes it', async () => {
    const { user, panel } = await openTools('i1-1')
    useDrafts.getState().setPrompt('create', 'a castle on a hill at dawn')
    await user.click(within(panel).getByTestId('prompt-tab-saved'))
    await user.click(within(panel).getByTestId('save-prompt'))
    useDrafts.getState().setPrompt('create', '')
    await user.click(within(panel).getByTestId('saved-use'))
    expect(useDrafts.getState().drafts.create.prompt).toBe('a castle on a hill at dawn')

    await user.click(within(panel).getByTestId('saved-rename'))
    const input = within(panel).getByTestId('rename-input')
    await user.clear(input)
    await user.type(input, 'Castle{Enter}')
    expect(usePromptLibrary.getState().saved).toMatchObject([{ name: 'Castle', prompt: 'a castle on a hill at dawn' }])
    await user.click(within(panel).getByRole('button', { name: 'Delete Castle' }))
    expect(usePromptLibrary.getState().saved).toEqual([])
    expect(JSON.parse(localStorage.getItem('mediagen:saved-prompts')!)).toEqual([])
  })
})

describe('styles', () => {
  it('adds a fragment to the prompt or the negative prompt and takes it out again', async () => {
    const { user, panel } = await openTools('i10-1')
    useDrafts.getState().setPrompt('create', 'a fox')
    await user.click(within(panel).getByTestId('prompt-tab-styles'))
    await user.type(within(panel).getByTestId('style-name'), 'Oil')
    await user.type(within(panel).getByTestId('style-fragment'), 'oil painting, thick strokes')
    await user.click(within(panel).getByTestId('style-add'))
    await user.type(within(panel).getByTestId('style-name'), 'Clean')
    await user.type(within(panel).getByTestId('style-fragment'), 'blurry, watermark')
    await user.click(within(panel).getByRole('radio', { name: 'Negative prompt' }))
    await user.click(within(panel).getByTestId('style-add'))

    const [oil, clean] = within(panel).getAllByTestId('style-apply')
    await user.click(oil!)
    expect(useDrafts.getState().drafts.create.prompt).toBe('a fox, oil painting, thick strokes')
    expect(oil!.getAttribute('aria-pressed')).toBe('true')
    await user.click(clean!)
    expect(useDrafts.getState().drafts.create.params.negative_prompt).toBe('blurry, watermark')
    await user.click(oil!)
    await user.click(clean!)
    expect(useDrafts.getState().drafts.create.prompt).toBe('a fox')
    expect(useDrafts.getState().drafts.create.params).not.toHaveProperty('negative_prompt')
  })

  it('cannot apply a negative style to a model without a negative prompt', async () => {
    usePromptLibrary.getState().addStyle({ name: 'Clean', fragment: 'blurry', target: 'negative' })
    const { user, panel } = await openTools('i1-1')
    await user.click(within(panel).getByTestId('prompt-tab-styles'))
    expect((within(panel).getByTestId('style-apply') as HTMLButtonElement).disabled).toBe(true)
  })

  it('closes with Escape and gives the focus back to its button, but Escape in a rename only ends the rename', async () => {
    usePromptLibrary.getState().addStyle({ name: 'Oil', fragment: 'oil painting', target: 'prompt' })
    const { user, panel } = await openTools('i1-1')
    await user.click(within(panel).getByTestId('prompt-tab-styles'))
    await user.click(within(panel).getByRole('button', { name: 'Rename Oil' }))
    await user.keyboard('{Escape}')
    expect(screen.getByTestId('prompt-panel')).toBeTruthy()
    expect(screen.queryByTestId('rename-input')).toBeNull()
    await user.click(within(panel).getByTestId('style-apply'))
    await user.keyboard('{Escape}')
    expect(screen.queryByTestId('prompt-panel')).toBeNull()
    expect(document.activeElement).toBe(screen.getByTestId('prompt-tools'))
  })
})

