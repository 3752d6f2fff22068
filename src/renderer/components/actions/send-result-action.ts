// Sends an action on a result as a new job, through the same door as Generate: the
// result is uploaded from the library's copy (so the new job's library entry names the
// output it was made from), then `jobs.submit` goes to the engine, which holds it to the
// spending limits (asking first above the threshold), journals it with its Idempotency-Key
// and sends it. Nothing here goes to the service any other way. Each send is a row of the
// prompt history, by the same path as Create's sends (one row per prompt and model).
import type { JobView, LibraryEntry } from '../../../shared/app/views'
import { t } from '../../i18n/page-i18n'
import { useJobs } from '../../stores/jobs'
import { rememberSent } from '../../stores/prompt-library'
import { callAskingFirst } from '../../stores/spend-limits'
import { toast } from '../../stores/toasts'
import { entryTitle } from '../entries/entry-media'
import { uploadFile, uploadFromLibrary } from '../inputs/uploading'
import { planRequest, type ActionPlan } from './result-plans'

export interface ActionSend {
  plan: ActionPlan
  entry: LibraryEntry
  index: number
  prompt: string
  /** The painted mask of a Vary region. */
  mask?: File
}

/** The new job, or null when nothing was sent (the user was told why). */
export async function sendResultAction({ plan, entry, index, prompt, mask }: ActionSend): Promise<JobView | null> {
  const block = plan.model.blockName
  const image = await uploadFromLibrary({ jobId: entry.jobId, index }, t('tools:actions.fromLibrary', { title: entryTitle(entry) }))
  if (!image.ok) {
    toast.error(t('tools:actions.uploadFailed', { reason: image.message }))
    return null
  }
  const inputs = [{ field: `${block}.${plan.imageKey}`, uploadId: image.ref.uploadId }]
  let maskUrl: string | undefined
  if (mask) {
    const up = await uploadFile(mask, `${block}.mask`)
    if (!up.ok) {
      toast.error(t('tools:actions.maskUploadFailed', { reason: up.message }))
      return null
    }
    maskUrl = up.ref.url
    inputs.push({ field: `${block}.mask`, uploadId: up.ref.uploadId })
  }
  const r = await callAskingFirst('jobs.submit', { request: planRequest(plan, image.ref.url, prompt, maskUrl), inputs })
  if (!r.ok) {
    toast.error(r.error.message)
    return null
  }
  const job = r.data
  useJobs.getState().upsert(job)
  useJobs.getState().markSent(job.localId)
  rememberSent(prompt, [job.request])
  if (job.submission === 'rejected') toast.warning(job.error ?? t('tools:actions.refused'))
  else if (job.submission === 'journaled') toast.warning(job.error ?? t('tools:actions.waiting'))
  else toast.success(t('tools:actions.sent', { model: plan.model.label }))
  return job
}
