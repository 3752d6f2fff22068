// Job submission, one handler per kind of job. Checks run in the profile's order:
// auth (done by the server), the body (400), the resources it names (403/404/409),
// then credits (402). An Idempotency-Key seen before from the same caller within 24 h
// answers 200 with the original job, whatever the body. The job is saved before the
// answer, so a client that retries after a lost answer finds it.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import {
  charCount, DEFAULT_WEBHOOK_EVENTS, estimateCost, paramsOf, parseGenerationRequest,
  type JobAccepted, type JobKind, type ModelInfo
} from '../../shared/api'
import type { Handler, SimContext } from '../context'
import { fail, HttpError, invalid, json, readJsonOr400, type Reply } from '../http'
import { makePlan, markersOf } from '../lifecycle'
import { imageMegapixels, renderSpecFor } from '../outputs'
import type { JobRecord } from '../state/types'
import { checkWebhookTarget } from '../webhook-target'
import { ownCdnFile, ownCdnTarget } from './cdn'

const MAX_IDEMPOTENCY_KEY = 255

function idempotencyKey(req: IncomingMessage): string | undefined {
  const raw = req.headers['idempotency-key']
  const key = Array.isArray(raw) ? raw[0] : raw
  if (key === undefined || key === '') return undefined
  if (charCount(key) > MAX_IDEMPOTENCY_KEY) throw invalid({ 'Idempotency-Key': [`Must be at most ${MAX_IDEMPOTENCY_KEY} characters`] })
  return key
}

/** JobAccepted of an earlier job. Its status list has no CANCELLED: a cancelled job answers the status it was saved with. */
function replay(job: JobRecord): Reply {
  const status = job.status === 'CANCELLED' ? 'QUEUED' : job.status
  return json(200, { jobId: job.id, status } satisfies JobAccepted)
}

/** Every string in a parameter block, with its path (to check URLs that point at this service). */
function stringsOf(value: unknown, path: string, out: Array<[string, string]>): Array<[string, string]> {
  if (typeof value === 'string') out.push([path, value])
  else if (Array.isArray(value)) value.forEach((v, i) => stringsOf(v, `${path}.${i}`, out))
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) stringsOf(v, `${path}.${k}`, out)
  return out
}

/** 404 for an input URL of this service's CDN that is unknown or expired; 403/404/409 for I17's LoRA. */
function checkResources(sim: SimContext, model: ModelInfo, params: Record<string, unknown>): void {
  for (const [path, value] of stringsOf(params, model.blockName, [])) {
    if (ownCdnTarget(sim, value) && !ownCdnFile(sim, value)) throw fail(404, `Unknown or expired upload at ${path}: ${value}`)
  }
  if (typeof params.loraId !== 'string') return
  const lora = sim.store.loras.get(params.loraId)
  if (!lora) throw fail(404, `LoRA ${params.loraId} not found`)
  if (lora.userId !== sim.store.identity.userId) throw fail(403, 'This LoRA belongs to another user')
  if (lora.status !== 'READY') throw fail(409, `LoRA ${lora.id} is ${lora.status}, not READY`)
}

/** U1 is priced by the input's megapixels, measured when the image is one of this service's files. */
async function inputMegapixels(sim: SimContext, params: Record<string, unknown>): Promise<number | undefined> {
  const file = typeof params.image === 'string' ? ownCdnFile(sim, params.image) : null
  return file ? ((await imageMegapixels(file.path)) ?? undefined) : undefined
}

export function submitHandler(kind: JobKind): Handler {
  return async ({ req, sim }) => {
    const { store } = sim
    const userId = store.identity.userId
    const key = idempotencyKey(req)
    const prior = key === undefined ? undefined : store.findIdempotent(userId, key)
    if (prior) return replay(prior)

    const parsed = parseGenerationRequest(await readJsonOr400(req), [kind])
    if (!parsed.ok) throw invalid(parsed.details)
    const { model, request } = parsed
    if (request.webhookUrl !== undefined && !sim.config.allowPrivateWebhooks) {
      const target = await checkWebhookTarget(request.webhookUrl, sim.config.resolveHost)
      if (!target.ok) throw invalid({ webhookUrl: [target.reason] })
    }
    const params = paramsOf(request, model)
    checkResources(sim, model, params)
    const megapixels = model.pricing.mode === 'per-megapixel' ? await inputMegapixels(sim, params) : undefined
    const cost = estimateCost(model, request, megapixels === undefined ? {} : { inputMegapixels: megapixels }).credits

    // A twin request with the same key may have won while this one awaited.
    const twin = key === undefined ? undefined : store.findIdempotent(userId, key)
    if (twin) return replay(twin)
    if (!store.reserve(cost)) {
      throw new HttpError(402, { error: 'Insufficient credits', creditsRequired: cost, creditsAvailable: store.credits })
    }
    const id = randomUUID()
    const { webhookUrl, webhookEvents, ...input } = request
    const prompt = request.prompt ?? (typeof params.prompt === 'string' ? params.prompt : '')
    const markers = markersOf(prompt)
    const failing = markers.failing || sim.faults.jobFails()
    const job: JobRecord = {
      id, seq: store.nextSeq(), api: 'v2', model: model.id, modality: model.modality,
      status: 'QUEUED', progress: 0, input, creditCost: cost, error: null,
      createdAt: store.now(), startedAt: null, completedAt: null,
      render: renderSpecFor(model, params, request.prompt, id),
      plan: makePlan(model.modality, id, { ...markers, failing }),
      outputs: null, purged: false,
      webhook: webhookUrl === undefined ? null : {
        url: webhookUrl, format: 'v2', events: webhookEvents ?? [...DEFAULT_WEBHOOK_EVENTS], secret: null,
        status: 'pending', body: null, event: null, attempts: 0, lastProgressSent: null
      }
    }
    store.addJob(job)
    if (key !== undefined) store.rememberIdempotent(userId, key, id)
    sim.runner.start(job)
    await store.flush()
    return json(202, { jobId: id, status: 'QUEUED' } satisfies JobAccepted)
  }
}
