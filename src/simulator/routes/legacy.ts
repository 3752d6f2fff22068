// The legacy single-endpoint video interface under `/legacy`: submit answers
// `{task_id}`, fetch answers the legacy task result. Errors keep the legacy shapes:
// 400 `{errors: [{msg}]}` with messages naming the field, 401 and 500 `{}`. Tasks run
// on the same lifecycle as v2 jobs and spend the same team credits.
import { randomUUID } from 'node:crypto'
import { detailsFromZodError, legacyCost, legacyRequestSchema } from '../../shared/api'
import type { Handler } from '../context'
import { HttpError, json, readJson } from '../http'
import { makePlan, markersOf } from '../lifecycle'
import { legacyRenderSpec } from '../outputs'
import type { JobRecord } from '../state/types'
import { legacyView } from '../state/views'
import { checkWebhookTarget } from '../webhook-target'

function legacyError(status: number, messages: string[]): HttpError {
  return new HttpError(status, { errors: messages.map((msg) => ({ msg })) })
}

export const legacySubmit: Handler = async ({ req, sim }) => {
  const body = await readJson(req)
  if (!body.ok) throw legacyError(400, [body.message])
  const parsed = legacyRequestSchema.safeParse(body.value)
  if (!parsed.success) {
    const details = detailsFromZodError(parsed.error, body.value)
    throw legacyError(400, Object.entries(details).flatMap(([path, msgs]) => msgs.map((m) => `${path === '$' ? 'request' : path}: ${m}`)))
  }
  const r = parsed.data
  if (r.webhook_url !== undefined && !sim.config.allowPrivateWebhooks) {
    const target = await checkWebhookTarget(r.webhook_url, sim.config.resolveHost)
    if (!target.ok) throw legacyError(400, [`webhook_url: ${target.reason}`])
  }
  const cost = legacyCost(r)
  if (cost === null) throw legacyError(400, [`resolution: ${r.resolution} is not available for model ${r.model}`])
  const { store } = sim
  if (!store.reserve(cost)) {
    throw legacyError(402, [`Insufficient credits: ${cost} required, ${store.credits} available`])
  }
  const id = randomUUID()
  const { webhook_url: webhookUrl, webhook_secret: secret, ...input } = r
  const job: JobRecord = {
    id, seq: store.nextSeq(), api: 'legacy', model: r.model, modality: 'video',
    status: 'QUEUED', progress: 0, input, creditCost: cost, error: null,
    createdAt: store.now(), startedAt: null, completedAt: null,
    render: legacyRenderSpec(r, id), plan: makePlan('video', id, { ...markersOf(r.prompt ?? ''), failing: false }), outputs: null, purged: false,
    webhook: webhookUrl === undefined ? null : {
      url: webhookUrl, format: 'legacy', events: ['progress', 'completed', 'failed'], secret: secret ?? null,
      status: 'pending', body: null, event: null, attempts: 0, lastProgressSent: null
    }
  }
  store.addJob(job)
  sim.runner.start(job)
  await store.flush()
  return json(200, { task_id: id })
}

export const legacyFetch: Handler = async ({ params, sim }) => {
  const job = sim.store.jobs.get(params[0] ?? '')
  if (!job || job.api !== 'legacy') throw legacyError(404, ['Task not found'])
  return json(200, legacyView(sim, job))
}
