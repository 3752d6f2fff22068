// The seed a job sent, on its result and in the viewer's facts, with "Reuse seed" putting it
// back on Create, locked; and Create's seed lock, × N and wildcard lists outliving a restart.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { EntryFacts } from '../../../../src/renderer/features/gallery/EntryFacts'
import { ResultsArea } from '../../../../src/renderer/components/results/ResultsArea'
import { useCreateOptions } from '../../../../src/renderer/stores/create-options'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { useWildcardLists } from '../../../../src/renderer/stores/wildcard-lists'
import { installFakeApi } from '../fake-api'
import { jobView, libraryEntry, resetStore } from '../fixtures'
import { useSmallWindowLayout } from '../window-size'

// The results' list is virtualized: it needs a window to draw in.
useSmallWindowLayout()

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  localStorage.clear()
  for (const store of [useJobs, useDrafts, useCreateOptions, useWildcardLists]) resetStore(store as never)
  useDrafts.getState().setModel('create', 'i4-1', 'image')
})

describe('the seed used', () => {
  it('is shown on a result, and Reuse seed puts it on Create, locked', async () => {
    const user = userEvent.setup()
    const job = jobView({ localId: 'l-1', model: 'i3-1', request: { model: 'i3-1', prompt: 'a lighthouse', i3Params: { seed: 987654 } }, submission: 'accepted' })
    useJobs.getState().upsert(job)
    useJobs.getState().markSent('l-1')
    render(<ResultsArea kinds={['image']} />)
    const seed = within(screen.getByTestId('result')).getByTestId('result-seed')
    expect(seed.textContent).toBe('Seed 987654 Reuse seed')
    await user.click(within(seed).getByTestId('reuse-seed'))
    expect(useDrafts.getState().drafts.create.params.seed).toBe(987654)
    expect(useCreateOptions.getState().seedLocked).toBe(true)
  })

  it('is shown in the viewer’s facts with Reuse seed', async () => {
    const user = userEvent.setup()
    render(<EntryFacts entry={libraryEntry({ model: 'i3-1', params: { model: 'i3-1', i3Params: { seed: 31, steps: 20 } } })} onOpenSource={() => undefined} />)
    const seed = screen.getByTestId('result-seed')
    expect(seed.textContent).toBe('31 Reuse seed')
    await user.click(within(seed).getByTestId('reuse-seed'))
    expect(useDrafts.getState().drafts.create.params.seed).toBe(31)
  })

  it('is not put on a Create model that takes no seed', async () => {
    const user = userEvent.setup()
    useDrafts.getState().setModel('create', 'i6-1', 'image')
    render(<EntryFacts entry={libraryEntry({ model: 'i3-1', params: { i3Params: { seed: 31 } } })} onOpenSource={() => undefined} />)
    await user.click(screen.getByTestId('reuse-seed'))
    expect(useDrafts.getState().drafts.create.params.seed).toBeUndefined()
  })
})

describe('kept across restarts', () => {
  it('keeps the seed lock, × N and the saved wildcard lists', async () => {
    useCreateOptions.getState().setSeedLocked(true)
    useCreateOptions.getState().setBatch(5)
    expect(useWildcardLists.getState().save('colours', ['red', ' ', 'blue '])).toBeNull()
    expect(useWildcardLists.getState().save('bad name', ['x'])).toMatch(/^Name: /)
    vi.resetModules()
    const options = await import('../../../../src/renderer/stores/create-options')
    const lists = await import('../../../../src/renderer/stores/wildcard-lists')
    expect(options.useCreateOptions.getState()).toMatchObject({ seedLocked: true, batch: 5 })
    expect(lists.useWildcardLists.getState().lists).toEqual({ colours: ['red', 'blue'] })
  })

  it('starts from the defaults when the options kept are damaged', async () => {
    localStorage.setItem('mediagen:create-options', '{"seedLocked": "yes", "batch": 99}')
    vi.resetModules()
    const options = await import('../../../../src/renderer/stores/create-options')
    expect(options.useCreateOptions.getState()).toMatchObject({ seedLocked: false, batch: 1 })
  })

  it('keeps the readable wildcard lists of a damaged value, keeps the text aside and says so', async () => {
    const damaged = '{"colours": ["red", "blue"], "bad name": ["x"], "moods": "calm"}'
    localStorage.setItem('mediagen:wildcard-lists', damaged)
    vi.resetModules()
    const lists = await import('../../../../src/renderer/stores/wildcard-lists')
    const toasts = await import('../../../../src/renderer/stores/toasts')
    expect(lists.useWildcardLists.getState().lists).toEqual({ colours: ['red', 'blue'] })
    expect(JSON.parse(localStorage.getItem('mediagen:wildcard-lists.damaged')!)).toBe(damaged)
    expect(toasts.useToasts.getState().toasts.map((t) => t.message)).toEqual([
      'Saved wildcard lists were damaged: 1 kept; the stored text is kept aside as “wildcard-lists.damaged”'
    ])
  })

  it('says so when none of the wildcard lists can be read', async () => {
    localStorage.setItem('mediagen:wildcard-lists', 'not json')
    vi.resetModules()
    const lists = await import('../../../../src/renderer/stores/wildcard-lists')
    const toasts = await import('../../../../src/renderer/stores/toasts')
    expect(lists.useWildcardLists.getState().lists).toEqual({})
    expect(localStorage.getItem('mediagen:wildcard-lists.damaged')).toBe(JSON.stringify('not json'))
    expect(toasts.useToasts.getState().toasts[0]?.message).toMatch(/^Saved wildcard lists were damaged: none could be read/)
  })
})
