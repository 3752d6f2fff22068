// Every price the user sees or pays, against the hand-written table of the published
// prices (price-table.ts): for each of the 60 models, the catalog entry (mode, costMin,
// costMax) the demo service serves and the app falls back on, the app's estimate, and
// what the demo service actually charges (`creditCost` and the team's credits); for the
// legacy models, the estimate and the charge of every cell of the spec's table.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  buildCatalog, DEFAULT_PROFILE, estimateCost, getModel, legacyCost, legacyRequestSchema, parseGenerationRequest, SUBMIT_ROUTE,
  type CatalogEntry, type Job
} from '../../../src/shared/api'
import { startSimulator, type Simulator } from '../../../src/simulator'
import { catalogMode, LEGACY_DURATIONS, LEGACY_PRICES, legacyPrice, PRICES, type LegacyModelId, type PriceRow } from './price-table'

const IMAGE = 'https://example.com/input.png'
const PROMPT = 'a paper boat in the rain'
/** Outputs asked of a per-output model: more than one, so the count is really multiplied. */
const OUTPUTS = 3
/** A duration each video family accepts (spec) that is not its default, and music's (profile: 5..240). */
const SECONDS: Record<string, number> = { v1: 10, v2: 10, v3: 10, v4: 10, v5: 7, v6: 12, v7: 10, v8: 12, m1: 45 }
/** U1's case: a 1024 × 1024 input (1 megapixel) upscaled 4× is 16 output megapixels. */
const U1_FACTOR = 4
const U1_OUTPUT_MEGAPIXELS = 16

let sim: Simulator
let loraId: string
let uploadedImage: string
let served: CatalogEntry[]

async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(sim.url + path, {
    method,
    headers: { 'x-api-key': sim.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return { status: res.status, body: (await res.json()) as T }
}

async function post(path: string, form: FormData): Promise<Record<string, unknown>> {
  const res = await fetch(sim.url + path, { method: 'POST', headers: { 'x-api-key': sim.apiKey }, body: form })
  return (await res.json()) as Record<string, unknown>
}

beforeAll(async () => {
  // Jobs stay QUEUED: their charge is made at submission, and nothing is refunded or rendered.
  sim = await startSimulator({ speed: 50, rateLimit: false, holdJobs: true, credits: 10_000_000, log: () => undefined })
  const png = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#3366aa' } }).png().toBuffer()
  const upload = new FormData()
  upload.set('file', new File([new Uint8Array(png)], 'square.png', { type: 'image/png' }))
  uploadedImage = String((await post(DEFAULT_PROFILE.routes.upload.path, upload)).url)

  const small = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#aa6633' } }).png().toBuffer()
  const lora = new FormData()
  lora.set('name', 'Price subject')
  lora.set('subjectKind', 'person')
  for (let i = 0; i < 15; i++) lora.append('images', new File([new Uint8Array(small)], `face-${i}.png`, { type: 'image/png' }))
  loraId = String((await post(DEFAULT_PROFILE.routes.createLora.path, lora)).id)
  await vi.waitFor(async () => {
    const { body } = await call<{ status: string }>('GET', DEFAULT_PROFILE.routes.getLora.path.replace('{id}', loraId))
    if (body.status !== 'READY') throw new Error(`LoRA is ${body.status}`)
  }, { timeout: 10_000, interval: 20 })

  served = (await call<{ models: CatalogEntry[] }>('GET', DEFAULT_PROFILE.routes.catalog.path)).body.models
})

afterAll(async () => {
  await sim?.close()
})

const family = (id: string) => id.split('-')[0] ?? ''

/** A valid request for a model with the representative values above, and what it costs by the table. */
function representative(id: string, row: PriceRow): { body: Record<string, unknown>; credits: number } {
  const block = `${family(id)}Params`
  const required: Record<string, Record<string, unknown>> = {
    i5: id === 'i5-character' ? { character_reference_image: IMAGE } : {},
    i17: { loraId },
    u1: { image: uploadedImage, upscale_factor: U1_FACTOR },
    u2: { image: IMAGE },
    e1: { image: IMAGE, mode: 'inpaint' },
    b1: { image: IMAGE },
    b2: { image: IMAGE }
  }
  const params: Record<string, unknown> = { ...required[family(id)] }
  let credits: number
  switch (row.mode) {
    case 'flat':
      credits = row.price
      break
    case 'per-output':
      params[row.countField ?? ''] = OUTPUTS
      credits = row.price * OUTPUTS
      break
    case 'per-second': {
      const seconds = SECONDS[family(id)] ?? NaN
      params[family(id) === 'm1' ? 'duration_seconds' : 'duration'] = seconds
      credits = row.price * seconds
      break
    }
    case 'per-megapixel':
      credits = row.price * U1_OUTPUT_MEGAPIXELS
      break
  }
  const noPrompt = ['u1', 'u2', 'b1', 'b2'].includes(family(id))
  return { body: { model: id, ...(noPrompt ? {} : { prompt: PROMPT }), ...(Object.keys(params).length > 0 ? { [block]: params } : {}) }, credits }
}

function appEstimate(body: Record<string, unknown>): number {
  const parsed = parseGenerationRequest(body)
  if (!parsed.ok) throw new Error(`invalid request: ${JSON.stringify(parsed.details)}`)
  return estimateCost(parsed.model, parsed.request).credits
}

/** Submits to the model's own route; answers the job's `creditCost` and what the team was charged. */
async function charge(body: Record<string, unknown>): Promise<{ creditCost: number | null; spent: number }> {
  const model = getModel(String(body.model))
  if (!model) throw new Error(`unknown model ${String(body.model)}`)
  const before = sim.credits()
  const res = await call<{ jobId: string }>('POST', DEFAULT_PROFILE.routes[SUBMIT_ROUTE[model.kind]].path, body)
  expect(res.status, JSON.stringify(res.body)).toBe(202)
  const job = await call<Job>('GET', DEFAULT_PROFILE.routes.getJob.path.replace('{id}', res.body.jobId))
  return { creditCost: job.body.creditCost, spent: before - sim.credits() }
}

describe('prices of the 60 models', () => {
  const ids = Object.keys(PRICES)

  it('the table, the served catalog and the app\'s own catalog list the same 60 models', () => {
    expect(ids).toHaveLength(60)
    expect(served.map((m) => m.id).sort()).toEqual([...ids].sort())
    expect(buildCatalog().models.map((m) => m.id).sort()).toEqual([...ids].sort())
  })

  it.each(ids)('%s: catalog, estimate and charge are the table\'s', async (id) => {
    const row = PRICES[id] as PriceRow
    const published = { pricingMode: catalogMode(row), costMin: row.price, costMax: row.price }
    expect(served.find((m) => m.id === id)).toMatchObject(published)
    expect(buildCatalog().models.find((m) => m.id === id)).toMatchObject(published)

    const { body, credits } = representative(id, row)
    expect(appEstimate(body)).toBe(credits)
    expect(await charge(body)).toEqual({ creditCost: credits, spent: credits })
  })

  it('a request without a duration costs the price × the default duration its catalog entry names', async () => {
    for (const id of ids.filter((i) => PRICES[i]?.mode === 'per-second')) {
      const seconds = (served.find((m) => m.id === id) as { defaultDurationSeconds?: number } | undefined)?.defaultDurationSeconds
      expect(seconds, id).toEqual(expect.any(Number))
      const credits = (PRICES[id] as PriceRow).price * (seconds as number)
      const body = { model: id, prompt: PROMPT }
      expect(appEstimate(body), id).toBe(credits)
      expect(await charge(body), id).toEqual({ creditCost: credits, spent: credits })
    }
  })

  it('U1 charges the output megapixels of the input it measures: 1.5 MP × 2² = 6 MP', async () => {
    const png = await sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#336633' } }).png().toBuffer()
    const form = new FormData()
    form.set('file', new File([new Uint8Array(png)], 'wide.png', { type: 'image/png' }))
    const image = String((await post(DEFAULT_PROFILE.routes.upload.path, form)).url)
    const credits = (PRICES['u1-1'] as PriceRow).price * 6
    expect(await charge({ model: 'u1-1', u1Params: { image, upscale_factor: 2 } })).toEqual({ creditCost: credits, spent: credits })
  })
})

describe('prices of the legacy models (spec table, doubled with audio)', () => {
  const cells = (Object.keys(LEGACY_PRICES) as LegacyModelId[]).flatMap((model) =>
    (['480p', '720p', '1080p'] as const).flatMap((resolution) =>
      LEGACY_DURATIONS.flatMap((duration) => [false, true].map((audio) => ({ model, resolution, duration, audio })))))

  it('covers 3 models × 3 resolutions × 3 durations, with and without audio', () => expect(cells).toHaveLength(54))

  it.each(cells)('$model $resolution $duration s, audio $audio', async ({ model, resolution, duration, audio }) => {
    const credits = legacyPrice(model, resolution, duration, audio)
    const request = { prompt: 'a calm sea', model, resolution, duration, generate_audio: audio }
    const parsed = legacyRequestSchema.safeParse(request)
    // An unavailable cell is refused by the form (naming the resolution) before any estimate.
    if (credits === null) expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['resolution'])
    else expect(parsed.success && legacyCost(parsed.data)).toBe(credits)

    const before = sim.credits()
    const res = await fetch(sim.legacyUrl + DEFAULT_PROFILE.routes.legacySubmit.path, {
      method: 'POST', headers: { authorization: sim.apiKey, 'content-type': 'application/json' }, body: JSON.stringify(request)
    })
    if (credits === null) {
      expect(res.status).toBe(400)
      expect(JSON.stringify(await res.json())).toContain('resolution')
    } else {
      expect(res.status).toBe(200)
    }
    expect(before - sim.credits()).toBe(credits ?? 0)
  })

  it('a request with no resolution, duration or audio is 720p, 8 s, silent', async () => {
    for (const model of Object.keys(LEGACY_PRICES) as LegacyModelId[]) {
      const credits = legacyPrice(model, '720p', 8, false)
      expect(legacyCost(legacyRequestSchema.parse({ prompt: 'defaults', model }))).toBe(credits)
      const before = sim.credits()
      const res = await fetch(sim.legacyUrl + DEFAULT_PROFILE.routes.legacySubmit.path, {
        method: 'POST', headers: { authorization: sim.apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'defaults', model })
      })
      expect(res.status).toBe(200)
      expect(before - sim.credits()).toBe(credits)
    }
  })
})
