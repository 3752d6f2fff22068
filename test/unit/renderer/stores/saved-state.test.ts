// Drafts, the last model per modality, the last settings per model and the current view
// outlive a restart: each store reads what it saved when the page loads again.
import { beforeEach, describe, expect, it, vi } from 'vitest'

beforeEach(() => {
  localStorage.clear()
})

/** The stores as a page that has just loaded gets them. */
async function freshStores() {
  vi.resetModules()
  const { useDrafts } = await import('../../../../src/renderer/stores/drafts')
  const { useNavigation } = await import('../../../../src/renderer/stores/navigation')
  return { useDrafts, useNavigation }
}

describe('kept across restarts', () => {
  it('brings back the draft, the last model per modality, the last settings per model and the view', async () => {
    const before = await freshStores()
    const d = before.useDrafts.getState()
    d.setModel('create', 'i3-2', 'image')
    d.setPrompt('create', 'a fox in snow')
    d.setParam('create', 'steps', 20, 'i3Params.steps')
    d.setServerDetails('create', { prompt: ['Required'] })
    before.useNavigation.getState().go('gallery')

    const after = await freshStores()
    expect(after.useDrafts).not.toBe(before.useDrafts)
    const s = after.useDrafts.getState()
    // What was written and chosen comes back; the form's verdicts start afresh.
    expect(s.drafts.create).toMatchObject({ modality: 'image', modelId: 'i3-2', prompt: 'a fox in snow', params: { steps: 20 }, touched: {}, serverDetails: null })
    expect(s.lastModel).toEqual({ image: 'i3-2' })
    expect(after.useNavigation.getState().view).toBe('gallery')

    // Another model, then back: its settings return.
    s.setModel('create', 'i1-1', 'image')
    expect(after.useDrafts.getState().drafts.create.params).toEqual({})
    after.useDrafts.getState().setModel('create', 'i3-2', 'image')
    expect(after.useDrafts.getState().drafts.create.params).toEqual({ steps: 20 })
  })

  it('starts afresh from a saved value it cannot read', async () => {
    localStorage.setItem('mediagen:drafts', '{"drafts": 3}')
    localStorage.setItem('mediagen:view', '"nowhere"')
    const { useDrafts, useNavigation } = await freshStores()
    expect(useDrafts.getState().drafts.create).toMatchObject({ modality: 'image', modelId: null, prompt: '' })
    expect(useNavigation.getState().view).toBe('create')
  })
})
