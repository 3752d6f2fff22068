// Sends the composed request to the engine. The engine journals it before sending, so a
// crash or a lost answer cannot charge twice; the UI only has to show what came back.
import { call, detailsOf } from '../../api/client'
import { collectInputs } from '../../forms/request-body'
import { useDrafts } from '../../stores/drafts'
import { useJobs } from '../../stores/jobs'
import { toast } from '../../stores/toasts'
import { useUploads } from '../../stores/uploads'
import { renewExpiredInputs, withRenewedUrls } from '../inputs/renew-uploads'
import type { Composer } from './use-composer'
import { REVEAL_ALL } from './use-composer'

export async function submitDraft(c: Composer): Promise<boolean> {
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
  const request = withRenewedUrls(c.body, renewal.renewed)
  const r = await call('jobs.submit', { request, ...(inputs.length > 0 ? { inputs } : {}) })
  if (!r.ok) {
    const details = detailsOf(r.error)
    if (details) {
      drafts.setServerDetails(c.draftId, details)
      drafts.touch(c.draftId, REVEAL_ALL)
    }
    toast.error(r.error.message)
    return false
  }
  useJobs.getState().upsert(r.data)
  useJobs.getState().markSent(r.data.localId)
  if (r.data.submission === 'rejected') toast.warning(r.data.error ?? 'The service refused the job')
  // Held or unanswered (the service cannot be reached, or the key is not accepted yet):
  // it waits in the Queue, where it can be cancelled, and 'Submitted' would not be true.
  else if (r.data.submission === 'journaled') toast.warning(r.data.error ?? 'Waiting to be sent; see the Queue')
  else toast.success(`Submitted to ${c.option?.label ?? r.data.model}`)
  return true
}
