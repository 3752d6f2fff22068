// Response bodies of the v2 service (spec: Resources and their fields, Error bodies, Events):
// the spec's shapes are accepted, a missing required field or an out-of-set value rejected.
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  assetCreatedSchema, assetRequestSchema, catalogEntrySchema, catalogSchema, errorResponseSchema, insufficientCreditsSchema,
  jobAcceptedSchema, jobListItemSchema, jobListQuerySchema, jobListSchema, jobSchema, loraCreatedSchema,
  loraCreateFieldsSchema, loraListQuerySchema, loraListSchema, loraPatchSchema, loraSchema, meSchema, resultImageSchema,
  resultMusicSchema, resultVideoSchema, uploadSchema, validationErrorSchema, completedEventSchema, failedEventSchema,
  progressEventSchema, webhookPayloadSchema
} from '../../../src/shared/api'

const UUID = '5d0c9a3e-1b2f-4c6d-8e7f-9a0b1c2d3e4f'
const T = '2025-01-02T03:04:05.000Z'

interface Shape {
  name: string
  schema: z.ZodType
  example: Record<string, unknown>
  required: string[]
  optional?: string[]
  /** field -> values that must be rejected */
  invalid?: Record<string, unknown[]>
  /** field -> values that must be accepted */
  valid?: Record<string, unknown[]>
}

const job = {
  id: UUID, status: 'COMPLETED', model: 'i6-1', progress: 100, input: { prompt: 'x', model: 'i6-1' },
  result: { images: ['https://cdn.example.com/a.png'] }, error: null, creditCost: 6, webhookStatus: 'delivered',
  createdAt: T, completedAt: T, expired: false
}
const { input: _input, ...listItem } = job
const lora = {
  id: UUID, userId: UUID, teamId: UUID, name: 'Ada', subjectKind: 'person', gender: null, ethnicity: null, age: null,
  status: 'READY', imageCount: 20, steps: 1000, loraRank: 16, isReady: true, error: null, createdAt: T,
  startedAt: T, completedAt: T, hasWeights: true, triggerWord: 'adaxyz'
}

const SHAPES: Shape[] = [
  {
    name: 'Job',
    schema: jobSchema,
    example: job,
    required: ['id', 'status', 'model', 'progress', 'error', 'creditCost', 'webhookStatus', 'createdAt', 'completedAt'],
    optional: ['input', 'result', 'expired'],
    valid: {
      status: ['QUEUED', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED'],
      progress: [0, 100, null, 37],
      webhookStatus: ['pending', 'delivered', 'failed', null],
      creditCost: [0, 120, null],
      completedAt: [null],
      input: [null, {}],
      error: ['Simulated failure', null],
      result: [null, { videos: [] }, 'anything']
    },
    invalid: {
      status: ['DONE', 'queued', null],
      progress: [-1, 101, 12.5, '50'],
      webhookStatus: ['sent', 'DELIVERED'],
      creditCost: [1.5, '6'],
      error: [5],
      expired: ['no']
    }
  },
  {
    name: 'Job list item',
    schema: jobListItemSchema,
    example: listItem,
    required: ['id', 'status', 'model', 'progress', 'error', 'creditCost', 'webhookStatus', 'createdAt', 'completedAt', 'expired'],
    optional: ['result']
  },
  {
    name: 'JobAccepted',
    schema: jobAcceptedSchema,
    example: { jobId: UUID, status: 'QUEUED' },
    required: ['jobId', 'status'],
    valid: { status: ['QUEUED', 'PROCESSING', 'COMPLETED', 'FAILED'] },
    invalid: { status: ['CANCELLED', 'DONE'] }
  },
  {
    name: 'JobList',
    schema: jobListSchema,
    example: { jobs: [listItem], nextCursor: 'abc', hasMore: true, models: ['i6-1'] },
    required: ['jobs', 'nextCursor', 'hasMore'],
    optional: ['models'],
    valid: { nextCursor: [null], jobs: [[]] },
    invalid: { jobs: [[job].map(({ expired: _e, ...rest }) => rest)], hasMore: ['yes'] }
  },
  {
    name: 'Me',
    schema: meSchema,
    example: {
      user: { id: UUID, email: 'owner@example.com', role: 'OWNER' },
      team: { id: UUID, name: 'Demo team', credits: 5000, plan: 'demo', customerId: null },
      apiKey: { id: UUID, name: 'Demo key', prefix: 'mgk_1234' }
    },
    required: ['user', 'team', 'apiKey'],
    valid: {
      team: [null],
      apiKey: [null],
      user: [{ id: UUID, email: 'a@b.example', role: 'ADMIN' }, { id: UUID, email: 'a@b.example', role: 'MEMBER' }, { id: UUID, email: 'a@b.example', role: 'BILLING' }]
    },
    invalid: {
      user: [{ id: UUID, email: 'a@b.example' }, null],
      team: [{ id: UUID, name: 'T', credits: -1, plan: 'demo', customerId: null }, { id: UUID, name: 'T', credits: 1.5, plan: 'demo', customerId: null }, { id: UUID, name: 'T', credits: 1, plan: 'demo' }],
      apiKey: [{ id: UUID, name: 'k' }]
    }
  },
  {
    name: 'Catalog entry',
    schema: catalogEntrySchema,
    example: { id: 'i6-1', label: 'I6 · 1', modality: 'image', description: 'Photographic', pricingMode: 'flat', costMin: 6, costMax: 6, family: 'i6', vendorNote: 'extra fields are allowed' },
    required: ['id', 'label', 'modality'],
    optional: ['description', 'pricingMode', 'costMin', 'costMax', 'family'],
    invalid: { costMin: ['6'] }
  },
  {
    name: 'Upload',
    schema: uploadSchema,
    example: { id: UUID, url: 'https://cdn.example.com/u/1.png', kind: 'image', contentType: 'image/png', byteSize: 1024, expiresAt: T },
    required: ['id', 'url', 'kind', 'contentType', 'byteSize', 'expiresAt'],
    valid: { kind: ['image', 'video', 'audio'], byteSize: [0] },
    invalid: { kind: ['document', 'IMAGE'], byteSize: [-1, 1.5] }
  },
  {
    name: 'LoRA',
    schema: loraSchema,
    example: lora,
    required: Object.keys(lora),
    valid: {
      subjectKind: ['person', 'style', 'object'],
      status: ['PENDING', 'UPLOADING', 'TRAINING', 'READY', 'FAILED', 'ARCHIVED'],
      gender: ['female', null],
      triggerWord: [null],
      startedAt: [null],
      completedAt: [null],
      imageCount: [0]
    },
    invalid: { subjectKind: ['animal'], status: ['DONE'], imageCount: [-1], isReady: ['true'], steps: [1000.5] }
  },
  {
    name: 'LoraCreated',
    schema: loraCreatedSchema,
    example: { id: UUID, status: 'PENDING', imageCount: 15 },
    required: ['id', 'status', 'imageCount'],
    valid: { imageCount: [15, 22, 30] },
    invalid: { imageCount: [14, 31, 20.5], status: ['READY', 'TRAINING'] }
  },
  {
    name: 'LoraList',
    schema: loraListSchema,
    example: { items: [lora], nextCursor: null },
    required: ['items', 'nextCursor'],
    valid: { nextCursor: ['c2'], items: [[]] }
  },
  {
    name: 'CreateAssetRequest',
    schema: assetRequestSchema,
    example: { url: 'https://cdn.example.com/a.mp4', type: 'video' },
    required: ['url', 'type'],
    valid: { type: ['image', 'video', 'audio'] },
    invalid: { type: ['document'], url: ['not a url'] }
  },
  { name: 'AssetCreated', schema: assetCreatedSchema, example: { assetId: 'asset_1' }, required: ['assetId'] },
  { name: 'ErrorResponse', schema: errorResponseSchema, example: { error: 'Not found' }, required: ['error'] },
  {
    name: 'ValidationError',
    schema: validationErrorSchema,
    example: { error: 'Validation failed', details: { prompt: ['Required'], 'i2Params.image_input.3': ['Must be an absolute URL'], $: ["Unknown property 'x'"] } },
    required: ['error', 'details'],
    valid: { details: [{}] },
    invalid: { details: [{ prompt: 'Required' }, { prompt: [1] }, []] }
  },
  {
    name: 'InsufficientCredits',
    schema: insufficientCreditsSchema,
    example: { error: 'Insufficient credits', creditsRequired: 40, creditsAvailable: 12 },
    required: ['error', 'creditsRequired', 'creditsAvailable'],
    valid: { creditsAvailable: [0] },
    invalid: { error: ['Payment required'], creditsRequired: [-1, 1.5], creditsAvailable: [-1] }
  },
  {
    name: 'Image result',
    schema: resultImageSchema,
    example: { images: ['https://cdn.example.com/1.png', 'https://cdn.example.com/2.png'], gridUrl: 'https://cdn.example.com/grid.png' },
    required: ['images'],
    optional: ['gridUrl']
  },
  { name: 'Video result', schema: resultVideoSchema, example: { videos: ['https://cdn.example.com/v.mp4'] }, required: ['videos'] },
  { name: 'Music result', schema: resultMusicSchema, example: { tracks: ['https://cdn.example.com/t.mp3'] }, required: ['tracks'] },
  {
    name: 'completed webhook',
    schema: completedEventSchema,
    example: { event: 'completed', jobId: UUID, status: 'COMPLETED', progress: 100, result: { images: ['https://cdn.example.com/1.png'] }, model: 'i6-1', creditCost: 6, completedAt: T },
    required: ['event', 'jobId', 'status', 'progress', 'model', 'creditCost', 'completedAt'],
    invalid: { progress: [99], status: ['FAILED'], creditCost: [6.5, null] }
  },
  {
    name: 'failed webhook',
    schema: failedEventSchema,
    example: { event: 'failed', jobId: UUID, status: 'FAILED', error: 'Simulated failure', model: 'i6-1' },
    required: ['event', 'jobId', 'status', 'error', 'model'],
    invalid: { status: ['COMPLETED'], error: [null] }
  },
  {
    name: 'progress webhook',
    schema: progressEventSchema,
    example: { event: 'progress', jobId: UUID, status: 'PROCESSING', progress: 40, model: 'v1-1' },
    required: ['event', 'jobId', 'status', 'progress', 'model'],
    valid: { progress: [0, 100] },
    invalid: { progress: [-1, 101, 40.5], status: ['QUEUED'] }
  }
]

describe.each(SHAPES)('$name', (s) => {
  const without = (key: string) => {
    const copy = { ...s.example }
    delete copy[key]
    return copy
  }
  it('accepts the spec shape', () => {
    const r = s.schema.safeParse(s.example)
    expect(r.success ? null : r.error.issues).toBeNull()
  })
  it.each(s.required)('rejects a body without %s', (key) => {
    expect(s.schema.safeParse(without(key)).success).toBe(false)
  })
  if (s.optional?.length) {
    it.each(s.optional)('accepts a body without %s', (key) => {
      expect(s.schema.safeParse(without(key)).success).toBe(true)
    })
  }
  const valid = Object.entries(s.valid ?? {}).flatMap(([k, vs]) => vs.map((v) => [k, v] as const))
  if (valid.length) {
    it.each(valid)('accepts %s = %j', (key, value) => {
      const r = s.schema.safeParse({ ...s.example, [key]: value })
      expect(r.success ? null : r.error.issues).toBeNull()
    })
  }
  const invalid = Object.entries(s.invalid ?? {}).flatMap(([k, vs]) => vs.map((v) => [k, v] as const))
  if (invalid.length) {
    it.each(invalid)('rejects %s = %j', (key, value) => {
      expect(s.schema.safeParse({ ...s.example, [key]: value }).success).toBe(false)
    })
  }
})

describe('catalog and webhook payload unions', () => {
  it('a catalog is {models: [entry]}', () => {
    expect(catalogSchema.safeParse({ models: [] }).success).toBe(true)
    expect(catalogSchema.safeParse({}).success).toBe(false)
  })
  it('a webhook payload is told apart by event', () => {
    const progress = { event: 'progress', jobId: UUID, status: 'PROCESSING', progress: 10, model: 'v1-1' }
    expect(webhookPayloadSchema.safeParse(progress).success).toBe(true)
    expect(webhookPayloadSchema.safeParse({ ...progress, event: 'queued' }).success).toBe(false)
    expect(webhookPayloadSchema.safeParse({ ...progress, event: 'failed' }).success).toBe(false)
  })
})

describe('POST /v2/loras text fields (profile)', () => {
  const base = { name: 'Ada', subjectKind: 'person' }
  const parse = (v: Record<string, unknown>) => loraCreateFieldsSchema.safeParse({ ...base, ...v })
  it('defaults steps to 1000 and loraRank to 16; multipart strings are read as numbers', () => {
    const r = loraCreateFieldsSchema.parse(base)
    expect([r.steps, r.loraRank]).toEqual([1000, 16])
    const s = loraCreateFieldsSchema.parse({ ...base, steps: '500', loraRank: '64' })
    expect([s.steps, s.loraRank]).toEqual([500, 64])
  })
  it.each([['steps', [500, 3000, '1500'], [499, 3001, '1000.5', 'many']], ['loraRank', [8, 64], [7, 65, '16.5']]] as const)('%s range', (field, ok, bad) => {
    for (const v of ok) expect(parse({ [field]: v }).success, String(v)).toBe(true)
    for (const v of bad) expect(parse({ [field]: v }).success, String(v)).toBe(false)
  })
  it('name is 1..100, subjectKind person|style|object, gender/ethnicity/age and triggerWord at most 50', () => {
    expect(parse({ name: 'x'.repeat(100) }).success).toBe(true)
    expect(parse({ name: '' }).success).toBe(false)
    expect(parse({ name: 'x'.repeat(101) }).success).toBe(false)
    for (const k of ['person', 'style', 'object']) expect(parse({ subjectKind: k }).success).toBe(true)
    expect(parse({ subjectKind: 'pet' }).success).toBe(false)
    for (const k of ['gender', 'ethnicity', 'age', 'triggerWord']) {
      expect(parse({ [k]: 'x'.repeat(50) }).success, k).toBe(true)
      expect(parse({ [k]: 'x'.repeat(51) }).success, k).toBe(false)
    }
    expect(loraCreateFieldsSchema.safeParse({ name: 'Ada' }).success).toBe(false)
  })
  it('PATCH takes only name and triggerWord', () => {
    expect(loraPatchSchema.safeParse({ name: 'New', triggerWord: 'tok' }).success).toBe(true)
    expect(loraPatchSchema.safeParse({}).success).toBe(true)
    expect(loraPatchSchema.safeParse({ steps: 100 }).success).toBe(false)
    expect(loraPatchSchema.safeParse({ name: '' }).success).toBe(false)
  })
})

describe('list queries (profile)', () => {
  it('GET /v2/jobs: limit 1..100 default 20, status a comma list, modality, model, cursor', () => {
    expect(jobListQuerySchema.parse({}).limit).toBe(20)
    expect(jobListQuerySchema.parse({ limit: '1' }).limit).toBe(1)
    expect(jobListQuerySchema.parse({ limit: '100' }).limit).toBe(100)
    for (const limit of ['0', '101', '2.5', 'ten']) expect(jobListQuerySchema.safeParse({ limit }).success, limit).toBe(false)
    expect(jobListQuerySchema.parse({ status: 'QUEUED,PROCESSING' }).status).toEqual(['QUEUED', 'PROCESSING'])
    expect(jobListQuerySchema.safeParse({ status: 'QUEUED,DONE' }).success).toBe(false)
    for (const modality of ['image', 'video', 'music']) expect(jobListQuerySchema.safeParse({ modality }).success).toBe(true)
    expect(jobListQuerySchema.safeParse({ modality: 'text' }).success).toBe(false)
    expect(jobListQuerySchema.safeParse({ model: 'i6-1', cursor: 'abc' }).success).toBe(true)
  })
  it('GET /v2/loras: limit 1..100 default 20, cursor', () => {
    expect(loraListQuerySchema.parse({}).limit).toBe(20)
    expect(loraListQuerySchema.safeParse({ limit: '100', cursor: 'x' }).success).toBe(true)
    expect(loraListQuerySchema.safeParse({ limit: '101' }).success).toBe(false)
    expect(loraListQuerySchema.safeParse({ limit: '0' }).success).toBe(false)
  })
})
