// Views other than Create arrive as chunks of their own. One opened before its chunk is
// here says it is opening and is drawn the moment the code arrives (React's Suspense would
// hold its fallback for 300 ms more); a chunk that fails to arrive is reported in the view
// and fetched again by 'Reload this view'; pointing at a view's button fetches its code.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Sidebar } from '../../../../src/renderer/app/Sidebar'
import { prefetchViews, viewCode, ViewBody } from '../../../../src/renderer/app/views'
import { ViewErrorBoundary } from '../../../../src/renderer/ui/ViewErrorBoundary'
import { VIEWS } from '../../../../src/renderer/stores/navigation'
import { installFakeApi } from '../fake-api'

// The LoRA manager's chunk fails to arrive the first time it is asked for, as a chunk
// would when the files of the app were replaced under a running window.
const loras = vi.hoisted(() => ({ failures: 1 }))
vi.mock('../../../../src/renderer/features/loras/LorasView', () => {
  if (loras.failures-- > 0) throw new Error('Failed to fetch dynamically imported module')
  return { LorasView: () => <h1>LoRA manager</h1> }
})

const api = installFakeApi()
beforeEach(() => api.reset())
afterEach(() => vi.restoreAllMocks())

describe('a view opened before its code is here', () => {
  it('says it is opening, then is drawn as soon as the code arrives, with no hold', async () => {
    render(<ViewBody view="legacy" loading={<p>Opening Legacy video…</p>} />)
    expect(screen.getByText('Opening Legacy video…')).toBeTruthy()
    // The code arrives (this import settles with the view's own), and a task later the
    // view is drawn: no timer has to run out first.
    await act(async () => {
      await import('../../../../src/renderer/features/legacy/LegacyView')
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(screen.getByRole('heading', { name: 'Legacy video' })).toBeTruthy()
    expect(screen.queryByText('Opening Legacy video…')).toBeNull()
  })

  it('reports code that fails to arrive in the view, and fetches it again on Reload', async () => {
    // React and the boundary report the error on the console; the test expects it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(
      <ViewErrorBoundary label="LoRAs">
        <ViewBody view="loras" loading={<p>Opening LoRAs…</p>} />
      </ViewErrorBoundary>
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('LoRAs stopped working')
    fireEvent.click(screen.getByTestId('view-reload'))
    expect(await screen.findByRole('heading', { name: 'LoRA manager' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('fetching views ahead', () => {
  it('fetches a view’s code when the pointer reaches its button', () => {
    render(<Sidebar />)
    expect(viewCode('tools').state).toBe('idle')
    fireEvent.pointerEnter(screen.getByTestId('nav-tools'))
    expect(viewCode('tools').state).not.toBe('idle')
  })

  it('fetches every view after the first frame, Gallery first, and nothing once stopped before it', async () => {
    loras.failures = 0
    const frames: FrameRequestCallback[] = []
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => frames.push(run))
    prefetchViews()()
    frames.splice(0).forEach((run) => run(0))
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(viewCode('spend').state).toBe('idle')

    prefetchViews()
    frames.splice(0).forEach((run) => run(0))
    // One at a time, Gallery first: it is on its way while Spend's turn has not come.
    await waitFor(() => expect(viewCode('gallery').state).not.toBe('idle'))
    expect(viewCode('spend').state).toBe('idle')
    await waitFor(() => expect(VIEWS.filter((v) => viewCode(v).state !== 'ready')).toEqual([]), { timeout: 20_000 })
  }, 30_000)
})
