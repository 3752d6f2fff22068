// Every model of the registry, through its own submission route: a minimal valid body is
// accepted (202) and charged its published price; a wrong type inside its parameter block
// is refused with 400 and `details` at that field's path.
import type { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { listModels, SUBMIT_ROUTE, type CatalogEntry, type ModelInfo } from '../../../src/shared/api'
import { PRICES } from '../contract/price-table'
import { call, createLora, route, startTestSim, waitForLora } from './helpers'

const IMAGE = 'https://example.com/input.png'

function minimalBody(model: ModelInfo, loraId: string): Record<string, unknown> {
  const body: Record<string, unknown> = { model: model.id }
  if (model.prompt !== 'none') body.prompt = `a test of ${model.id}`
  if (model.blockRequired) {
    const blocks: Record<string, Record<string, unknown>> = {
      i5: { character_reference_image: IMAGE },
      i17: { loraId },
      e1: { image: IMAGE, mode: 'inpaint' }
    }
    body[model.blockName] = blocks[model.family] ?? { image: IMAGE }
  }
  return body
}

describe('demo service: every model of the registry', () => {
  it('accepts a minimal body (202) and rejects a wrong type in the block (400, details path)', async () => {
    const sim = await startTestSim({ holdJobs: true })
    const loraId = await createLora(sim)
    await waitForLora(sim, loraId, ['READY'])
    const models = listModels()
    expect(models.length).toBeGreaterThanOrEqual(60)

    // A minimal body asks for one output, or the default duration its catalog entry names.
    const catalog = (await call<{ models: Array<CatalogEntry & { defaultDurationSeconds?: number }> }>(sim, 'GET', route('catalog'))).body.models
    const minimalCost = (id: string): number => {
      const row = PRICES[id]
      if (!row) throw new Error(`no published price for ${id}`)
      if (row.mode === 'per-second') return row.price * (catalog.find((m) => m.id === id)?.defaultDurationSeconds ?? NaN)
      // U1 without a measurable input: 1 MP upscaled by the default factor 2 is 4 MP.
      if (row.mode === 'per-megapixel') return row.price * 4
      return row.price
    }
    let expectedSpend = 0
    const startCredits = sim.credits()
    for (const model of models) {
      const path = route(SUBMIT_ROUTE[model.kind])
      const body = minimalBody(model, loraId)
      const ok = await call<{ jobId: string; status: string }>(sim, 'POST', path, body)
      expect(ok.status, `${model.id}: ${JSON.stringify(ok.body)}`).toBe(202)
      expect(ok.body.status).toBe('QUEUED')
      expectedSpend += minimalCost(model.id)

      const field = Object.keys((model.block as z.ZodObject).shape)[0] ?? ''
      const block = { ...((body[model.blockName] as Record<string, unknown> | undefined) ?? {}), [field]: { wrong: true } }
      const bad = await call<{ details: Record<string, string[]> }>(sim, 'POST', path, { ...body, [model.blockName]: block })
      expect(bad.status, model.id).toBe(400)
      expect(Object.keys(bad.body.details), model.id).toContain(`${model.blockName}.${field}`)
    }
    expect(sim.jobCount()).toBe(models.length)
    expect(startCredits - sim.credits()).toBe(expectedSpend)
  })

  it('accepts on each route only its own kind of model', async () => {
    const sim = await startTestSim({ holdJobs: true })
    const res = await call<{ details: Record<string, string[]> }>(sim, 'POST', route('generateImage'), { model: 'v1-1', prompt: 'a clip' })
    expect(res.status).toBe(400)
    expect(res.body.details.model?.[0]).toMatch(/not accepted/)
    const music = await call<{ details: Record<string, string[]> }>(sim, 'POST', route('generateMusic'), { model: 'i1-1', prompt: 'x' })
    expect(music.status).toBe(400)
    expect(music.body.details.model).toBeDefined()
  })

  it('reports the body errors the profile names: prompt, unknown property ($), webhookEvents', async () => {
    const sim = await startTestSim({ holdJobs: true })
    const path = route('generateImage')
    const missing = await call<{ details: Record<string, string[]> }>(sim, 'POST', path, { model: 'i3-1' })
    expect(missing.body.details.prompt).toEqual(['Required'])
    const unknown = await call<{ details: Record<string, string[]> }>(sim, 'POST', path, { model: 'i3-1', prompt: 'x', extra: 1 })
    expect(unknown.body.details.$?.[0]).toMatch(/extra/)
    const nested = await call<{ details: Record<string, string[]> }>(sim, 'POST', path, { model: 'i2-1', prompt: 'x', i2Params: { image_input: ['https://a.example/1', 'nope'] } })
    expect(Object.keys(nested.body.details)).toEqual(['i2Params.image_input.1'])
    const events = await call<{ details: Record<string, string[]> }>(sim, 'POST', path, { model: 'i1-1', prompt: 'x', webhookUrl: 'https://example.com/h', webhookEvents: [] })
    expect(events.body.details.webhookEvents).toBeDefined()
    expect(sim.jobCount()).toBe(0)
  })
})
