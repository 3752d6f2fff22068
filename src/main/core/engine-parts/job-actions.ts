// What a person can do to a job in the queue: cancel it, send it again, or dismiss it.
// Each goes through the journal's own parts (store, submitter), never around them.
import { readFile } from 'node:fs/promises'
import type { JobRecord } from '../jobs/job-record'
import { setAtPath } from '../jobs/request-paths'
import { EngineRefusal } from './engine-refusal'
import type { ServiceClient } from '../service/service-client'
import type { Library } from '../library/library'
import type { EngineServices } from './services'
import { estimatedCredits } from '../jobs/spend-ledger'

/** The job with this local id, or a `not_found` refusal. */
export function queuedJob(s: EngineServices, localId: string): JobRecord {
  const r = s.store.get(localId)
  if (!r) throw new EngineRefusal('not_found', 'No such job in the queue')
  return r
}

export async function cancelJob(s: EngineServices, client: ServiceClient, localId: string): Promise<JobRecord> {
  const r = queuedJob(s, localId)
  if (!r.jobId) {
    // Not answered yet (say, the service cannot be reached): it is taken back instead.
    const withdrawn = await s.submitter.withdraw(localId, 'Cancelled before it reached the service')
    if (!withdrawn) throw new EngineRefusal('conflict', 'This job is being sent right now; try again in a moment')
    return withdrawn
  }
  if (r.kind === 'legacy') throw new EngineRefusal('conflict', 'The legacy video endpoint has no cancel operation')
  const job = await client.cancelJob(r.jobId)
  return (await s.store.update(localId, () => ({ status: job.status, progress: job.progress, error: job.error })))!
}

/**
 * Sends a job again with the same inputs, uploaded again from the copies kept in the
 * library. Held to the spending limits before anything is uploaded, at what the job cost
 * the first time when the service said so.
 */
export async function retryJob(s: EngineServices, client: ServiceClient, localId: string, confirmed = false): Promise<JobRecord> {
  const r = queuedJob(s, localId)
  if (r.kind === 'legacy') throw new EngineRefusal('conflict', 'Submit the legacy video again from its form')
  const slot = s.spend.reserve([r.creditCost ?? estimatedCredits(r.request)], confirmed)[0]!
  try {
    const { webhookUrl: _u, webhookEvents: _e, ...body } = r.request
    // The service's uploads expire after an hour, so each input is uploaded again.
    for (const input of r.inputs) {
      const data = await readKeptFile(s.library, input.path)
      const upload = await client.upload({ field: 'file', fileName: input.fileName, contentType: input.mime, data })
      setAtPath(body, input.field, upload.url)
    }
    return await s.submitter.submit(body, r.inputs, undefined, { slot })
  } finally {
    slot.release()
  }
}

export async function dismissJob(s: EngineServices, localId: string): Promise<void> {
  queuedJob(s, localId)
  // A dismissed submission that was never answered must not go out later unseen.
  await s.submitter.withdraw(localId, 'Dismissed before it reached the service')
  await s.store.update(localId, () => ({ dismissed: true }))
}

/** The bytes of a file kept in the library, or a `not_found` refusal. */
export async function readKeptFile(library: Library, rel: string): Promise<Buffer> {
  const abs = await library.resolveFile(rel)
  if (!abs) throw new EngineRefusal('not_found', 'That file is not in the library')
  return readFile(abs)
}
