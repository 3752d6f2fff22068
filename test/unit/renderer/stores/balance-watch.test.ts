// The balance is read again when the window regains focus, when it becomes visible, every
// half minute while visible (never while hidden), and when the service refuses a job.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useApp } from '../../../../src/renderer/stores/app'
import { BALANCE_REFRESH_MS, watchBalance } from '../../../../src/renderer/stores/balance-watch'
import { installFakeApi } from '../fake-api'
import { account, jobView, resetStore } from '../fixtures'

const api = installFakeApi()
let visibility: DocumentVisibilityState = 'visible'
let stop: () => void = () => undefined

function setVisibility(state: DocumentVisibilityState): void {
  visibility = state
  document.dispatchEvent(new Event('visibilitychange'))
}

const reads = () => api.callsTo('account.get').length

beforeEach(() => {
  api.reset()
  resetStore(useApp)
  visibility = 'visible'
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
  vi.useFakeTimers()
  let credits = 10
  api.handle('account.get', () => ({ ok: true, data: account(credits++) }))
})
afterEach(() => {
  stop()
  vi.useRealTimers()
})

describe('keeping the balance current', () => {
  it('reads it on focus and every half minute while visible', async () => {
    stop = watchBalance()
    window.dispatchEvent(new Event('focus'))
    await vi.waitFor(() => expect(useApp.getState().credits).toBe(10))
    await vi.advanceTimersByTimeAsync(BALANCE_REFRESH_MS)
    expect(useApp.getState().credits).toBe(11)
    await vi.advanceTimersByTimeAsync(BALANCE_REFRESH_MS)
    expect(reads()).toBe(3)
  })

  it('stops the timer while hidden and reads at once when shown again', async () => {
    stop = watchBalance()
    setVisibility('hidden')
    await vi.advanceTimersByTimeAsync(BALANCE_REFRESH_MS * 3)
    expect(reads()).toBe(0)
    setVisibility('visible')
    await vi.waitFor(() => expect(reads()).toBe(1))
    await vi.advanceTimersByTimeAsync(BALANCE_REFRESH_MS)
    expect(reads()).toBe(2)
  })

  it('reads it when the service refuses a job, but not for other job changes', async () => {
    stop = watchBalance()
    api.emit('job.updated', jobView({ submission: 'accepted', status: 'PROCESSING', progress: 10 }))
    expect(reads()).toBe(0)
    api.emit('job.updated', jobView({ submission: 'rejected', error: 'needs 3 credits, the team has 2' }))
    await vi.waitFor(() => expect(reads()).toBe(1))
  })

  it('asks once when focus and visibility arrive together, and nothing after it stops', async () => {
    stop = watchBalance()
    window.dispatchEvent(new Event('focus'))
    setVisibility('visible')
    await vi.waitFor(() => expect(useApp.getState().accountLoading).toBe(false))
    expect(reads()).toBe(1)
    stop()
    window.dispatchEvent(new Event('focus'))
    await vi.advanceTimersByTimeAsync(BALANCE_REFRESH_MS * 2)
    expect(reads()).toBe(1)
  })
})
