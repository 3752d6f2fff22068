// LoRAs: create from 15..30 images (multipart), list (cursor pages), read, rename or
// set the trigger word, and delete (ARCHIVED). Only the caller's own LoRAs are listed;
// another user's answers 403.
import { randomUUID } from 'node:crypto'
import {
  detailsFromZodError, LORA_IMAGES_MAX, LORA_IMAGES_MIN, loraCreateFieldsSchema, loraListQuerySchema, loraPatchSchema,
  type LoraCreated, type LoraList, type ValidationDetails
} from '../../shared/api'
import { sniffMediaType } from '../../shared/media/sniff'
import type { Handler, RequestContext } from '../context'
import { fail, invalid, json, readJsonOr400 } from '../http'
import { readMultipart } from '../multipart'
import type { LoraRecord } from '../state/types'
import { decodeCursor, encodeCursor, loraView } from '../state/views'
import { queryObject } from './jobs'
import { MAX_UPLOAD_BYTES } from '../../shared/media/upload-limit'

function loraOf(ctx: RequestContext): LoraRecord {
  const lora = ctx.sim.store.loras.get(ctx.params[0] ?? '')
  if (!lora) throw fail(404, 'LoRA not found')
  if (lora.userId !== ctx.sim.store.identity.userId) throw fail(403, 'This LoRA belongs to another user')
  return lora
}

export const createLora: Handler = async ({ req, sim }) => {
  const form = await readMultipart(req, { maxFileBytes: MAX_UPLOAD_BYTES, maxFiles: LORA_IMAGES_MAX + 1, spoolTo: () => null })
  if (form.tooLarge) throw fail(413, `An image is larger than ${MAX_UPLOAD_BYTES} bytes (50 MiB)`)
  const details: ValidationDetails = {}
  const parsed = loraCreateFieldsSchema.safeParse(form.fields)
  if (!parsed.success) Object.assign(details, detailsFromZodError(parsed.error, form.fields))
  const images = form.files.filter((f) => f.field === 'images')
  for (const other of form.files.filter((f) => f.field !== 'images')) details[other.field] = ['Unknown file field; send images in "images"']
  if (images.length < LORA_IMAGES_MIN || images.length > LORA_IMAGES_MAX || form.tooManyFiles) {
    const got = form.tooManyFiles ? `more than ${LORA_IMAGES_MAX}` : String(images.length)
    details.images = [`Must be ${LORA_IMAGES_MIN} to ${LORA_IMAGES_MAX} images (got ${got})`]
  }
  images.forEach((image, i) => {
    if (sniffMediaType(image.head)?.kind !== 'image') details[`images.${i}`] = ['Must be an image (PNG, JPEG, WebP or GIF)']
  })
  if (!parsed.success || Object.keys(details).length > 0) throw invalid(details)

  const f = parsed.data
  const { userId, teamId } = sim.store.identity
  const lora: LoraRecord = {
    id: randomUUID(), seq: sim.store.nextSeq(), userId, teamId, name: f.name, subjectKind: f.subjectKind,
    gender: f.gender ?? null, ethnicity: f.ethnicity ?? null, age: f.age ?? null,
    status: 'PENDING', imageCount: images.length, steps: f.steps, loraRank: f.loraRank, error: null,
    createdAt: sim.store.now(), startedAt: null, completedAt: null, triggerWord: f.triggerWord ?? null
  }
  sim.store.loras.set(lora.id, lora)
  sim.store.changed()
  sim.loraRunner.start(lora)
  await sim.store.flush()
  return json(201, { id: lora.id, status: 'PENDING', imageCount: lora.imageCount } satisfies LoraCreated)
}

export const listLoras: Handler = async ({ url, sim }) => {
  const query = queryObject(url)
  const parsed = loraListQuerySchema.safeParse(query)
  if (!parsed.success) throw invalid(detailsFromZodError(parsed.error, query))
  const before = parsed.data.cursor === undefined ? Infinity : decodeCursor(parsed.data.cursor)
  if (before === null) throw invalid({ cursor: ['Invalid cursor'] })
  const mine = [...sim.store.loras.values()]
    .filter((l) => l.userId === sim.store.identity.userId && l.seq < before)
    .sort((a, b) => b.seq - a.seq)
  const page = mine.slice(0, parsed.data.limit)
  const last = page.at(-1)
  const body: LoraList = {
    items: page.map(loraView),
    nextCursor: mine.length > page.length && last ? encodeCursor(last.seq) : null
  }
  return json(200, body)
}

export const getLora: Handler = async (ctx) => json(200, loraView(loraOf(ctx)))

export const updateLora: Handler = async (ctx) => {
  const body = await readJsonOr400(ctx.req)
  const parsed = loraPatchSchema.safeParse(body)
  if (!parsed.success) throw invalid(detailsFromZodError(parsed.error, body))
  const lora = loraOf(ctx)
  if (parsed.data.name !== undefined) lora.name = parsed.data.name
  if (parsed.data.triggerWord !== undefined) lora.triggerWord = parsed.data.triggerWord
  ctx.sim.store.changed()
  await ctx.sim.store.flush()
  return json(200, loraView(lora))
}

export const deleteLora: Handler = async (ctx) => {
  const lora = loraOf(ctx)
  ctx.sim.loraRunner.stop(lora)
  lora.status = 'ARCHIVED'
  ctx.sim.store.changed()
  await ctx.sim.store.flush()
  return { status: 204, empty: true }
}
