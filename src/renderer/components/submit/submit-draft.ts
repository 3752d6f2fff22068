// Sends the composed request to the engine, once or as a batch of N jobs. The engine
// journals each before sending, with its own Idempotency-Key, so a crash or a lost answer
// cannot charge twice; the UI only has to show what came back. A batch goes as one
// confirmed send, which the engine checks as a whole against its caps.
import type { JobView } from '../../../shared/app/views'
import type { AppError } from '../../../shared/contract'
import { detailsOf } from '../../api/client'
import { collectInputs, type RequestBody } from '../../forms/request-body'
import { t } from '../../i18n/page-i18n'
import { useDrafts } from '../../stores/drafts'
import { useJobs } from '../../stores/jobs'
import { callAskingFirst } from '../../stores/spend-limits'
import { rememberSent } from '../../stores/prompt-library'
import { toast } from '../../stores/toasts'
import { useUploads } from '../../stores/uploads'
import { renewExpiredInputs, withRenewedUrls } from '../inputs/renew-uploads'
import type { Composer } from '../composer/use-composer'
import { REVEAL_ALL } from '../composer/use-composer'

/** How many jobs one Generate sends: one per seed, or `count` of the same request for a model without a seed. */
export interface Batch {
  count: number
  seeds: number[] | null
}

const ONE: Batch = { count: 1, seeds: null }

function withSeed(body: RequestBody, blockName: string, seed: number): RequestBody {
  const block = (body[blockName] as Record<string, unknown> | undefined) ?? {}
  return { ...body, [blockName]: { ...block, seed } }
}

function requestsOf(c: Composer, body: RequestBody, batch: Batch): RequestBody[] {
  if (batch.seeds && c.model) {
    const blockName = c.model.blockName
    return batch.seeds.map((seed) => withSeed(body, blockName, seed))
  }
  return Array.from({ length: Math.max(1, batch.count) }, () => body)
}

function announce(c: Composer, jobs: JobView[]): void {
  const [first] = jobs
  if (!first) return
  const model = c.option?.label ?? first.model
  if (jobs.length === 1 && first.submission === 'rejected') toast.warning(first.error ?? t('create:send.refused'))
  // Held or unanswered (the service cannot be reached, or the key is not accepted yet):
  // it waits in the Queue, where it can be cancelled, and 'Submitted' would not be true.
  else if (jobs.length === 1 && first.submission === 'journaled') toast.warning(first.error ?? t('create:send.waiting'))
  else if (jobs.length === 1) toast.success(t('create:send.submitted', { model }))
  else {
    const waiting = jobs.filter((j) => j.submission !== 'accepted').length
    toast.success(waiting > 0 ? t('create:send.submittedManyWaiting', { count: jobs.length, model, waiting }) : t('create:send.submittedMany', { count: jobs.length, model }))
  }
}

/**
 * One job through `jobs.submit`; several as one confirmed send, refused whole by the engine
 * past its caps (nothing sent) or answered job by job. The first failure is the one told.
 */
async function send(requests: RequestBody[], inputs: ReturnType<typeof collectInputs>): Promise<{ sent: JobView[]; failure: AppError | null }> {
  const withInputs = (request: RequestBody) => ({ request, ...(inputs.length > 0 ? { inputs } : {}) })
  if (requests.length === 1) {
    const r = await callAskingFirst('jobs.submit', withInputs(requests[0]!))
    return r.ok ? { sent: [r.data], failure: null } : { sent: [], failure: r.error }
  }
  const r = await callAskingFirst('jobs.submitConfirmed', { jobs: requests.map(withInputs) })
  if (!r.ok) return { sent: [], failure: r.error }
  const sent = r.data.flatMap((a) => (a.ok ? [a.job] : []))
  const failed = r.data.find((a) => !a.ok)
  return { sent, failure: failed && !failed.ok ? failed.error : null }
}

export async function submitDraft(c: Composer, batch: Batch = ONE): Promise<boolean> {
  const drafts = useDrafts.getState()
  if (!c.valid || !c.body) {
    drafts.touch(c.draftId, REVEAL_ALL)
    return false
  }
  // A draft kept from an earlier session may name uploads that have expired since.
  const renewal = await renewExpiredInputs(c.draftId, c.fields)
  if (!renewal.ok) {
    toast.error(renewal.message)
    return false
  }
  if (renewal.missing.length > 0) {
    drafts.touch(c.draftId, REVEAL_ALL)
    toast.error(t('create:send.inputExpired'))
    return false
  }
  const params = useDrafts.getState().drafts[c.draftId].params
  const inputs = collectInputs(c.fields, params, useUploads.getState().byUrl)
  const requests = requestsOf(c, withRenewedUrls(c.body, renewal.renewed), batch)
  const { sent, failure } = await send(requests, inputs)
  if (failure) {
    const details = detailsOf(failure)
    if (details) {
      drafts.setServerDetails(c.draftId, details)
      drafts.touch(c.draftId, REVEAL_ALL)
    }
    toast.error(sent.length > 0 ? t('create:send.partly', { message: failure.message, count: sent.length }) : failure.message)
  }
  for (const job of sent) useJobs.getState().upsert(job)
  // A batch is one send: its jobs show as one group, in the order of their seeds.
  if (sent.length > 1) useJobs.getState().markSentGroup(sent.map((j) => j.localId), globalThis.crypto.randomUUID())
  else if (sent[0]) useJobs.getState().markSent(sent[0].localId)
  // The prompt sent (the box may hold the next one by now), under the model sent.
  if (sent.length > 0 && c.draftId === 'create') rememberSent(c.draft.prompt, sent.map((j) => j.request))
  announce(c, sent)
  return sent.length > 0
}
