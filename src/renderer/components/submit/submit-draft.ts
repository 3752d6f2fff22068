// Sends the composed request to the engine, once or as a batch of N jobs. The engine
// journals each before sending, with its own Idempotency-Key, so a crash or a lost answer
// cannot charge twice; the UI only has to show what came back. A batch goes as one
// confirmed send, which the engine checks as a whole against its caps.
import type { JobView } from '../../../shared/app/views'
import type { AppError } from '../../../shared/contract'
import { detailsOf } from '../../api/client'
import { collectInputs, type RequestBody } from '../../forms/request-body'
import { useDrafts } from '../../stores/drafts'
import { useJobs } from '../../stores/jobs'
import { callAskingFirst } from '../../stores/spend-limits'
import { usePromptLibrary } from '../../stores/prompt-library'
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
  if (jobs.length === 1 && first.submission === 'rejected') toast.warning(first.error ?? 'The service refused the job')
  // Held or unanswered (the service cannot be reached, or the key is not accepted yet):
  // it waits in the Queue, where it can be cancelled, and 'Submitted' would not be true.
  else if (jobs.length === 1 && first.submission === 'journaled') toast.warning(first.error ?? 'Waiting to be sent; see the Queue')
  else if (jobs.length === 1) toast.success(`Submitted to ${c.option?.label ?? first.model}`)
  else {
    const waiting = jobs.filter((j) => j.submission !== 'accepted').length
    toast.success(`Submitted ${jobs.length} jobs to ${c.option?.label ?? first.model}${waiting > 0 ? `; ${waiting} wait in the Queue` : ''}`)
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
    toast.error('An input expired and must be added again; see the form')
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
    toast.error(sent.length > 0 ? `${failure.message} (${sent.length} of the batch were sent)` : failure.message)
  }
  for (const job of sent) {
    useJobs.getState().upsert(job)
    useJobs.getState().markSent(job.localId)
  }
  // The prompt sent (the box may hold the next one by now), under the model sent, which is
  // the form's first when none was picked.
  if (sent.length > 0 && c.draftId === 'create') usePromptLibrary.getState().remember({ prompt: c.draft.prompt, modelId: c.option?.id ?? c.draft.modelId, params })
  announce(c, sent)
  return sent.length > 0
}
