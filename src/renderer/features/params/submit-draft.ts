// Sends the composed request to the engine. The engine journals it before sending, so a
// crash or a lost answer cannot charge twice; the UI only has to show what came back.
import { call, detailsOf } from '../../api/client'
import { collectInputs } from '../../forms/request-body'
import { useDrafts } from '../../stores/drafts'
import { useJobs } from '../../stores/jobs'
import { useSessionJobs } from '../../stores/session-jobs'
import { toast } from '../../stores/toasts'
import { useUploads } from '../../stores/uploads'
import type { Composer } from './use-composer'
import { REVEAL_ALL } from './use-composer'

export async function submitDraft(c: Composer): Promise<boolean> {
  const drafts = useDrafts.getState()
  if (!c.valid || !c.body) {
    drafts.touch(c.draftId, REVEAL_ALL)
    return false
  }
  const inputs = collectInputs(c.fields, c.draft.params, useUploads.getState().byUrl)
  const r = await call('jobs.submit', { request: c.body, ...(inputs.length > 0 ? { inputs } : {}) })
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
  useSessionJobs.getState().add(r.data.localId)
  if (r.data.submission === 'rejected') toast.warning(r.data.error ?? 'The service refused the job')
  // Held or unanswered (the service cannot be reached, or the key is not accepted yet):
  // it waits in the Queue, where it can be cancelled, and 'Submitted' would not be true.
  else if (r.data.submission === 'journaled') toast.warning(r.data.error ?? 'Waiting to be sent; see the Queue')
  else toast.success(`Submitted to ${c.option?.label ?? r.data.model}`)
  return true
}
