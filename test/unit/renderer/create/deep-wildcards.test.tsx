// A prompt whose braces nest 20,000 deep, however it arrives (typed, pasted, kept in a draft
// across a restart, or carried in a dropped image's settings), leaves Create working: the
// prompt box stays editable, the limit is named at the prompt, and nothing is sent until
// the prompt is fixed.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { installFakeApi } from '../fake-api'
import { answerJobs, renderCreate, submitted } from './create-harness'

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  answerJobs(api)
})

const DEEP = '{'.repeat(20_000) + '|'
const LIMIT = /^Prompt: wildcards nest at most 16 braces deep, and the '\{' at character 17 is one deeper; write \\\{ for a brace$/

const promptBox = () => screen.getByTestId('prompt-input') as HTMLTextAreaElement
const promptMessage = () => document.querySelector('[data-testid="field-error"][data-path="prompt.wildcards"]')?.textContent ?? null
const generate = () => screen.getByTestId('submit-job') as HTMLButtonElement

/** The message shows at the prompt, Generate waits, and the prompt can still be fixed and sent. */
async function expectUsableAndFixable(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(promptMessage()).toMatch(LIMIT))
  expect(screen.getByTestId('cost-estimate').textContent).toMatch(LIMIT)
  expect(generate().disabled).toBe(true)
  await user.clear(promptBox())
  await user.type(promptBox(), 'a {{red|blue} kite')
  expect(promptMessage()).toBeNull()
  // I3 costs 8 a job: one job per colour.
  await waitFor(() => expect(screen.getByTestId('cost-estimate').textContent).toBe('16 credits'))
  await user.click(generate())
  await user.click(await screen.findByTestId('matrix-confirm'))
  await waitFor(() => expect(submitted(api).map((r) => r.prompt)).toEqual(['a red kite', 'a blue kite']))
}

describe('a prompt nested 20,000 braces deep', () => {
  it('typed into the prompt: the limit is named at once and the box stays editable', async () => {
    const user = userEvent.setup()
    renderCreate('i3-1', '{'.repeat(19_990))
    // `{{` is how user-event types one '{'.
    await user.type(promptBox(), '{{'.repeat(10) + '|')
    expect(promptBox().value).toBe(DEEP)
    await expectUsableAndFixable(user)
  })

  it('pasted into the prompt', async () => {
    const user = userEvent.setup()
    renderCreate('i3-1', 'a kite')
    await user.clear(promptBox())
    await user.click(promptBox())
    await user.paste(DEEP)
    expect(promptBox().value).toBe(DEEP)
    await expectUsableAndFixable(user)
  })

  it('carried in a dropped image\'s settings', async () => {
    const user = userEvent.setup()
    renderCreate('i3-1', 'a kite')
    api.answer('settings.fromFile', { source: 'a1111', model: null, prompt: DEEP, request: null, parameters: `${DEEP}\nSteps: 30`, params: {} })
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'found.png', { type: 'image/png' })
    const dataTransfer = { files: [file], types: ['Files'], dropEffect: 'none' }
    fireEvent.dragOver(screen.getByTestId('create-form'), { dataTransfer })
    fireEvent.drop(screen.getByTestId('create-form'), { dataTransfer })
    await waitFor(() => expect(promptBox().value).toBe(DEEP))
    await expectUsableAndFixable(user)
  })

  it('kept in the draft across a restart', async () => {
    const user = userEvent.setup()
    renderCreate('i3-1', DEEP)
    expect(localStorage.getItem('mediagen:drafts')).toContain('{'.repeat(20_000))

    // The page loads again: its stores read what the last one kept.
    vi.resetModules()
    const { setupTransport } = await import('../../../../src/renderer/api/transport')
    setupTransport()
    const { CreateView } = await import('../../../../src/renderer/features/create/CreateView')
    const fresh = await import('../../../../src/renderer/stores/drafts')
    expect(fresh.useDrafts).not.toBe(useDrafts)
    expect(fresh.useDrafts.getState().drafts.create.prompt).toBe(DEEP)
    document.body.innerHTML = ''
    render(<CreateView />)
    expect(promptBox().value).toBe(DEEP)
    await expectUsableAndFixable(user)
  })
})
