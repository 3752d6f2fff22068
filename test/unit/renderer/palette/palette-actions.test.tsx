// The actions on a result in the palette: each listed with its key, found by its name, and
// chosen there it opens the actions of Create's newest finished picture on that action,
// with its model and price, before anything is sent.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ModelPalette } from '../../../../src/renderer/app/palette/ModelPalette'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { useNavigation } from '../../../../src/renderer/stores/navigation'
import { usePalette } from '../../../../src/renderer/stores/palette'
import { useResultActions } from '../../../../src/renderer/stores/result-actions'
import { installFakeApi } from '../fake-api'
import { jobView, resetStore } from '../fixtures'

installFakeApi()

beforeEach(() => {
  localStorage.clear()
  resetStore(useJobs)
  resetStore(useNavigation)
  resetStore(usePalette)
  resetStore(useResultActions)
  useNavigation.setState({ view: 'gallery' })
})

function sent(localId: string, jobId: string, over: Parameters<typeof jobView>[0] = {}) {
  const job = jobView({ localId, jobId, submission: 'accepted', status: 'COMPLETED', saved: 'saved', ...over })
  useJobs.getState().upsert(job)
  useJobs.getState().markSent(localId)
}

describe('the palette lists the actions on a result', () => {
  it('with their keys, and opens the newest finished picture’s actions on the one chosen', async () => {
    sent('a', 'job-old')
    sent('b', 'job-new')
    sent('c', 'job-running', { status: 'PROCESSING', saved: 'none' })
    usePalette.getState().setOpen(true)
    render(<ModelPalette />)
    const actions = screen.getByTestId('palette-actions')
    expect(within(actions).getByTestId('palette-action-vary-strong').textContent).toBe('Vary (strong)⇧V')
    expect(within(actions).getByTestId('palette-action-pan-left').getAttribute('aria-keyshortcuts')).toBe('Shift+ArrowLeft')

    await userEvent.type(screen.getByTestId('palette-search'), 'zoom')
    expect(within(actions).getAllByRole('button').map((b) => b.dataset.testid)).toEqual(['palette-action-zoom-1.5', 'palette-action-zoom-2'])
    await userEvent.click(within(actions).getByTestId('palette-action-zoom-2'))
    expect(useResultActions.getState().open).toEqual({ jobId: 'job-new', action: 'zoom-2' })
    expect(useNavigation.getState().view).toBe('create')
    expect(usePalette.getState().open).toBe(false)
  })

  it('offers none to choose until Create has a finished picture', () => {
    usePalette.getState().setOpen(true)
    render(<ModelPalette />)
    expect((screen.getByTestId('palette-action-upscale-2') as HTMLButtonElement).disabled).toBe(true)
  })
})
