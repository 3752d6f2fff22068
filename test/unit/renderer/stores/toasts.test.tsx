// Toasts: how long each kind stays, the cap on how many show, and the action button
// (Undo) that runs once and takes its toast away.
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast, useToasts } from '../../../../src/renderer/stores/toasts'
import { ToastRegion } from '../../../../src/renderer/app/ToastRegion'
import { resetStore } from '../fixtures'

const messages = () => useToasts.getState().toasts.map((t) => t.message)

beforeEach(() => {
  resetStore(useToasts)
})
afterEach(() => {
  vi.useRealTimers()
})

describe('toasts store', () => {
  // Lifetimes are measured on a fake clock; the clicks below run on the real one, well
  // within the shortest lifetime.
  beforeEach(() => {
    vi.useFakeTimers()
  })

  it.each([
    ['success', 4000],
    ['info', 5000],
    ['warning', 8000],
    ['error', 10_000]
  ] as const)('keeps a %s toast for %i ms', (level, ms) => {
    toast[level]('Saved')
    vi.advanceTimersByTime(ms - 1)
    expect(messages()).toEqual(['Saved'])
    vi.advanceTimersByTime(1)
    expect(messages()).toEqual([])
  })

  it('shows the five newest and forgets older ones', () => {
    for (let i = 1; i <= 7; i++) toast.info(`n${i}`)
    expect(messages()).toEqual(['n3', 'n4', 'n5', 'n6', 'n7'])
  })

  it('dismisses one toast without touching the others', () => {
    toast.info('first')
    toast.info('second')
    const [first] = useToasts.getState().toasts
    useToasts.getState().dismiss(first?.id ?? -1)
    expect(messages()).toEqual(['second'])
  })

  it('keeps an action toast for the window it was given', () => {
    toast.withAction('Removed from the library', { label: 'Undo', run: () => undefined }, 12_000)
    vi.advanceTimersByTime(11_999)
    expect(messages()).toEqual(['Removed from the library'])
    vi.advanceTimersByTime(1)
    expect(messages()).toEqual([])
  })
})

describe('toast region', () => {
  it('runs the action once and takes the toast away', async () => {
    const user = userEvent.setup()
    const run = vi.fn()
    render(<ToastRegion />)
    act(() => toast.withAction('Removed from the library', { label: 'Undo', run }, 12_000))
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(run).toHaveBeenCalledTimes(1)
    expect(screen.queryByText('Removed from the library')).toBeNull()
  })

  it('announces errors as alerts and the rest as status, and closes on Dismiss', async () => {
    const user = userEvent.setup()
    render(<ToastRegion />)
    act(() => {
      toast.error('Not enough credits')
      toast.success('Submitted to I1 · 1')
    })
    expect(screen.getByRole('alert').textContent).toContain('Not enough credits')
    expect(screen.getByRole('status').textContent).toContain('Submitted to I1 · 1')
    const [dismissFirst] = screen.getAllByRole('button', { name: 'Dismiss notification' })
    if (dismissFirst) await user.click(dismissFirst)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('status')).toBeTruthy()
  })

  it('offers to show the job a notice is about', async () => {
    const user = userEvent.setup()
    const open = vi.fn()
    render(<ToastRegion onOpenJob={open} />)
    act(() => toast.info('Saving 2 finished jobs', 'job-42'))
    await user.click(screen.getByRole('button', { name: 'Show' }))
    expect(open).toHaveBeenCalledWith('job-42')
  })

  it('lets a toast go by itself when its time is up', () => {
    vi.useFakeTimers()
    render(<ToastRegion />)
    act(() => toast.info('Catalog refreshed'))
    expect(screen.getByText('Catalog refreshed')).toBeTruthy()
    act(() => vi.advanceTimersByTime(5000))
    expect(screen.queryByText('Catalog refreshed')).toBeNull()
  })
})
