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
  const { useToasts } = await import('../../../../src/renderer/stores/toasts')
  return { useDrafts, useNavigation, useToasts }
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

  it('starts afresh from a saved value it cannot read, keeping the stored text aside and saying so', async () => {
    localStorage.setItem('mediagen:drafts', '{"drafts": 3}')
    localStorage.setItem('mediagen:view', '"nowhere"')
    const { useDrafts, useNavigation, useToasts } = await freshStores()
    expect(useDrafts.getState().drafts.create).toMatchObject({ modality: 'image', modelId: null, prompt: '' })
    expect(useNavigation.getState().view).toBe('create')
    expect(JSON.parse(localStorage.getItem('mediagen:drafts.damaged')!)).toBe('{"drafts": 3}')
    expect(useToasts.getState().toasts.map((t) => t.message)).toEqual([
      'The draft kept from last time was partly unreadable: what could be read is back, and the stored text is kept aside as “drafts.damaged”'
    ])
  })

  it('brings back each part of a draft that can be read, the prompt above all', async () => {
    const prompt = '{'.repeat(20_000) + '|'
    localStorage.setItem(
      'mediagen:drafts',
      JSON.stringify({
        drafts: { create: { modality: 'video', modelId: 7, prompt, params: 'not settings', freeform: '{}' }, tools: { modality: 'image', modelId: 'u1-1', prompt: '', params: {}, freeform: '{}' } },
        lastModel: { image: 'i3-2' },
        lastSettings: { 'i3-2': { steps: 20 }, 'i1-1': 'broken' }
      })
    )
    const { useDrafts, useToasts } = await freshStores()
    const s = useDrafts.getState()
    expect(s.drafts.create).toMatchObject({ modality: 'video', modelId: null, prompt, params: {}, freeform: '{}' })
    expect(s.drafts.tools).toMatchObject({ modality: 'image', modelId: 'u1-1' })
    expect(s.lastModel).toEqual({ image: 'i3-2' })
    expect(s.lastSettings).toEqual({ 'i3-2': { steps: 20 } })
    expect(localStorage.getItem('mediagen:drafts.damaged')).toContain('not settings')
    expect(useToasts.getState().toasts).toHaveLength(1)
    // What is written back holds what was read.
    s.setPrompt('create', 'a fox')
    expect(JSON.parse(localStorage.getItem('mediagen:drafts')!).lastSettings).toEqual({ 'i3-2': { steps: 20 } })
  })

  it('reads a draft it wrote without a word', async () => {
    const before = await freshStores()
    before.useDrafts.getState().setPrompt('create', 'a fox')
    const after = await freshStores()
    expect(after.useDrafts.getState().drafts.create.prompt).toBe('a fox')
    expect(after.useToasts.getState().toasts).toEqual([])
    expect(localStorage.getItem('mediagen:drafts.damaged')).toBeNull()
  })
})
