// The Submit panel: Generate comes first, so messages below it never move it, and it is
// disabled, saying both figures, when the job costs more than the team has.
import { fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SubmitPanel } from '../../../../src/renderer/components/submit/SubmitPanel'
import { useApp } from '../../../../src/renderer/stores/app'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { installFakeApi } from '../fake-api'
import { appInfo, resetStore } from '../fixtures'

// The panel asks for the spending limits it shows beside Generate (none here).
const api = installFakeApi()

beforeEach(() => {
  api.reset()
  resetStore(useApp)
  resetStore(useToasts)
})

const priced = (credits: number) => ({ state: 'ready' as const, credits, explanation: '5 s × 10 per second' })

describe('the Submit panel', () => {
  it('puts Generate before the price and the problems', () => {
    render(<SubmitPanel estimate={priced(50)} valid={false} details={{ prompt: ['Must not be empty'] }} busy={false} onSubmit={() => undefined} />)
    const panel = screen.getByRole('region', { name: 'Submit' })
    expect(panel.firstElementChild).toBe(screen.getByTestId('submit-job'))
    expect(screen.getByTestId('cost-breakdown').textContent).toBe('5 s × 10 per second')
  })

  it('holds back a job that costs more than the credits, saying both', () => {
    useApp.getState().setCredits(20)
    render(<SubmitPanel estimate={priced(50)} valid details={{}} busy={false} onSubmit={() => undefined} />)
    const button = screen.getByTestId('submit-job') as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Not enough credits: this job costs 50 credits and the team has 20 credits.'
    )
  })

  it('lets through a job the credits cover', () => {
    useApp.getState().setCredits(50)
    render(<SubmitPanel estimate={priced(50)} valid details={{}} busy={false} onSubmit={() => undefined} />)
    expect((screen.getByTestId('submit-job') as HTMLButtonElement).disabled).toBe(false)
    expect(screen.queryByTestId('cost-short')).toBeNull()
  })
})

describe('copy as API request', () => {
  const body = { model: 'i3-4', prompt: "it's a fox", i3Params: { seed: 7 } }

  it('copies the request as a curl command to the service, reading the key from the environment', async () => {
    useApp.getState().setInfo(appInfo({ baseUrl: 'https://api.example.com', keyLast4: 'cdef' }))
    const writeText = vi.fn(async (_text: string) => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    render(<SubmitPanel estimate={priced(8)} valid details={{}} busy={false} onSubmit={() => undefined} requestBody={body} />)
    fireEvent.click(screen.getByTestId('copy-api-request'))
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledTimes(1))
    const command = writeText.mock.calls[0]![0]
    expect(command).toMatch(/^curl -X POST 'https:\/\/api\.example\.com\/v2\/images\/generations'/)
    expect(command).toContain('-H "X-API-Key: $MEDIAGEN_API_KEY"')
    expect(command).toMatch(/-H 'Idempotency-Key: [0-9a-f-]{36}'/)
    expect(command).toContain(`--data-raw '{"model":"i3-4","prompt":"it'\\''s a fox","i3Params":{"seed":7}}'`)
    expect(useToasts.getState().toasts.at(-1)?.message).toMatch(/MEDIAGEN_API_KEY/)
  })

  it('picks a seed for a model that takes one, as the app does, so the command makes the same picture each time', async () => {
    useApp.getState().setInfo(appInfo({ baseUrl: 'https://api.example.com' }))
    const writeText = vi.fn(async (_text: string) => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    render(<SubmitPanel estimate={priced(8)} valid details={{}} busy={false} onSubmit={() => undefined} requestBody={{ model: 'i3-4', prompt: 'a fox' }} />)
    fireEvent.click(screen.getByTestId('copy-api-request'))
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledTimes(1))
    const json = /--data-raw '(.*)'$/.exec(writeText.mock.calls[0]![0])![1]!
    const seed = (JSON.parse(json) as { i3Params: { seed: number } }).i3Params.seed
    expect(Number.isInteger(seed)).toBe(true)
    expect(useToasts.getState().toasts.at(-1)?.message).toContain(`with seed ${seed}, picked for it`)
  })

  it('is offered only for a request that would be sent', () => {
    useApp.getState().setInfo(appInfo({ baseUrl: 'https://api.example.com' }))
    render(<SubmitPanel estimate={priced(8)} valid={false} details={{ prompt: ['Required'] }} busy={false} onSubmit={() => undefined} requestBody={body} />)
    expect((screen.getByTestId('copy-api-request') as HTMLButtonElement).disabled).toBe(true)
  })
})
