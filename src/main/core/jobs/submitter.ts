// Submission: validate as the service does, journal (fsync'd) with a fresh
// Idempotency-Key, then send. A submission the service did not answer stays journaled
// and is resent with the same key, so a timeout or a crash can never charge twice.
//
// The answer is the truth. A submission the journal refused (a full disk) is refused:
// nothing was written, so nothing is or will be sent. Once the journal has it, the answer
// is never an error: a later change that cannot be written leaves it journaled (and so
// sent, or asked again with its key, once the journal can be written), answered as
// waiting with the reason (see unwritten.ts).
import { randomUUID } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import { estimateCost, getModel, isTerminal, parseGenerationRequest, summarizeDetails, type GenerationRequest } from '../../../shared/api'
import type { LibraryInput } from '../../../shared/app/views'
import { ApiError, ValidationApiError } from '../client/http'
import type { ServiceClient } from '../service/service-client'
import type { JobRecord } from './job-record'
import type { JobStore } from './job-store'
import { FolderLostError } from '../fs/folder-hold'
import { withPickedSeed } from '../../../shared/api/seed'
import { refusalUnwrittenNote, sentNote, SubmitRefusedError, waitingNote } from './unwritten'
import type { SpendChoice, SpendGuard } from './spend-guard'
import { tm } from '../i18n/main-i18n'

export class RequestInvalidError extends Error {
  readonly code = 'validation'
  constructor(readonly details: Record<string, string[]>) {
    super(`Invalid request: ${summarizeDetails(details)}`)
  }
}

export interface SubmitterOptions {
  store: JobStore
  client: () => ServiceClient
  /** Adds the webhook fields when the engine has a reachable listener. */
  webhookFields: () => { webhookUrl?: string; webhookEvents?: string[] }
  /**
   * Why nothing may be sent now (the key or base URL is changing, or the service has not
   * accepted the key yet), or null. Held submissions stay journaled and go out, with the
   * key then in use, at the next resendPending.
   */
  holdReason?: () => string | null
  /** Why no job may be taken at all now (another process has the data folder), or null. */
  refuseReason?: () => string | null
  /** The spending limits every submission is held to before it is journaled. */
  spend?: SpendGuard
}

/** Errors after which resending cannot succeed: the service looked at it and said no. */
function isRejection(err: unknown): err is ApiError {
  return err instanceof ApiError && !err.retryable && [400, 401, 402, 403, 404, 409, 413, 415, 422].includes(err.status ?? 0)
}

export class Submitter {
  private inFlight = new Map<string, Promise<JobRecord>>()

  constructor(private readonly opts: SubmitterOptions) {}

  /**
   * Validates, journals and sends. Resolves with the record once it is accepted, rejected
   * or left to resend; throws SubmitRefusedError when the journal could not take it, and a
   * SpendRefusal when a spending limit does (unless `spend` holds credits for it already).
   */
  async submit(body: Record<string, unknown>, inputs: LibraryInput[] = [], idempotencyKey?: string, spend: SpendChoice = {}): Promise<JobRecord> {
    const refused = this.opts.refuseReason?.()
    if (refused) throw new FolderLostError(`The job was not taken: ${refused}`)
    const parsed = parseGenerationRequest(body)
    if (!parsed.ok) throw new RequestInvalidError(parsed.details)
    const now = new Date().toISOString()
    const id = randomUUID()
    // A model that takes a seed always gets one, so every output can be made again. It is
    // picked before the journal write: a resend sends the same one with the same key.
    const request = { ...withPickedSeed(parsed.model, parsed.request), ...this.opts.webhookFields() } as GenerationRequest
    // Checked and held in one step before the journal write: racing sends cannot pass a limit together.
    const slot = spend.slot ?? this.opts.spend?.reserve([estimateCost(parsed.model, parsed.request).credits], spend.confirmed)[0]
    slot?.bind(id)
    const record: JobRecord = {
      id,
      idempotencyKey: idempotencyKey ?? id,
      kind: parsed.model.kind,
      model: parsed.model.id,
      request,
      inputs,
      submission: 'journaled',
      jobId: null,
      status: null,
      progress: null,
      error: null,
      creditCost: null,
      origin: 'app',
      createdAt: now,
      updatedAt: now,
      completedAt: null,
      expired: false,
      saved: 'none',
      sendAttempts: 0,
      dismissed: false
    }
    try {
      await this.opts.store.put(record)
    } catch (err) {
      // The journal cut the failed line off before saying so: nothing of it is on disk.
      throw new SubmitRefusedError(err)
    } finally {
      // In the journal now, which counts it from here on; or refused, and nothing to hold.
      slot?.release()
    }
    return this.send(id)
  }

  /** Sends (or resends) a journaled submission with its own key. Safe to call twice. */
  send(id: string): Promise<JobRecord> {
    // Checked here, not after the awaits of an attempt: a send asked for just after the
    // hold is lifted must not be answered by an attempt that began while it was held.
    const held = this.opts.holdReason?.() ?? null
    if (held) return this.markHeld(id, held)
    const running = this.inFlight.get(id)
    if (running) return running
    const attempt = this.sendOnce(id).finally(() => this.inFlight.delete(id))
    this.inFlight.set(id, attempt)
    return attempt
  }

  private async sendOnce(id: string): Promise<JobRecord> {
    const store = this.opts.store
    const record = store.get(id)
    if (!record || record.submission !== 'journaled' || record.kind === 'legacy') return record as JobRecord
    const model = getModel(record.model)
    if (!model) {
      const error = `Unknown model '${record.model}'`
      return this.record(id, { submission: 'rejected', error }, (err) => refusalUnwrittenNote(error, err))
    }
    // Counted before the attempt. A journal that cannot take even that is not sent to now:
    // the service's answer could not be recorded either. It waits for room, keeping any
    // earlier note (say, that it was sent already).
    try {
      await store.update(id, (r) => ({ sendAttempts: r.sendAttempts + 1 }))
    } catch (err) {
      return store.noteUnwritten(id, waitingNote(err), true)!
    }
    try {
      const accepted = await this.opts.client().submit(model.kind, record.request, record.idempotencyKey)
      // Another of our records already has this job: the key was used before, and the
      // service answered with that job, making nothing new. (A copy a rescue adopted "from
      // elsewhere" while our answer was lost gives way to this record in the journal.)
      const twin = store.byServiceId(accepted.jobId)
      if (twin && twin.id !== id && twin.origin !== 'elsewhere') return await this.keyAlreadyUsed(record, twin)
      // A replay answers with the job's current status, possibly already finished; its
      // result comes only from GET /v2/jobs/{id}, so a finished one is left for the
      // tracker to fetch (status unknown until then).
      const status = isTerminal(accepted.status) ? null : accepted.status
      const change = { submission: 'accepted' as const, jobId: accepted.jobId, status, progress: 0, error: null }
      return await this.record(id, change, (err) => sentNote(accepted.jobId, err))
    } catch (err) {
      if (isRejection(err)) {
        const details = err instanceof ValidationApiError ? err.details : undefined
        const change = { submission: 'rejected' as const, error: err.message, ...(details ? { errorDetails: details } : {}) }
        return this.record(id, change, (unwritten) => refusalUnwrittenNote(err.message, unwritten))
      }
      // Unanswered: the service may or may not have the job. It stays journaled and is
      // resent with the same key, which the service answers with the original job.
      const message = err instanceof Error ? err.message : String(err)
      const error = tm('main:jobNotes.notSentYet', { reason: message.replace(/\.+$/, '') })
      return this.record(id, { error }, () => error)
    }
  }

  /**
   * Records what became of a journaled submission. When the journal cannot take it, the
   * file still holds the submission as journaled, and so it is: sent again with its key
   * once the journal can be written, and answered meanwhile with `note`.
   */
  private async record(id: string, change: Partial<JobRecord>, note: (err: unknown) => string): Promise<JobRecord> {
    try {
      return (await this.opts.store.update(id, () => change))!
    } catch (err) {
      return this.opts.store.noteUnwritten(id, note(err))!
    }
  }

  /**
   * The same request again is the same job: the new record goes and the earlier one is the
   * answer. A different request is refused, naming the job the key belongs to, so it is
   * never taken for a new job (and the journal never holds two records of one job).
   */
  private async keyAlreadyUsed(record: JobRecord, twin: JobRecord): Promise<JobRecord> {
    if (isDeepStrictEqual(asMade(record.request), asMade(twin.request))) {
      try {
        await this.opts.store.remove(record.id)
      } catch (err) {
        // Left journaled, it asks again with its key, gets the same job, and goes then.
        this.opts.store.noteUnwritten(record.id, sentNote(twin.jobId ?? '', err))
      }
      return twin
    }
    const error = tm('main:jobNotes.keyReused', { key: record.idempotencyKey, jobId: twin.jobId ?? '' })
    const details = { 'Idempotency-Key': [tm('main:jobNotes.keyReusedDetail', { jobId: twin.jobId ?? '' })] }
    return this.record(record.id, { submission: 'rejected', error, errorDetails: details }, (err) => refusalUnwrittenNote(error, err))
  }

  /** Says why a waiting submission is not sent; one answered meanwhile is left as it is. */
  private async markHeld(id: string, reason: string): Promise<JobRecord> {
    const error = tm('main:jobNotes.heldForKey', { reason: reason.replace(/\.+$/, '') })
    const record = this.opts.store.get(id)
    if (!record || record.submission !== 'journaled' || record.error === error) return record as JobRecord
    try {
      return (await this.opts.store.update(id, (r) => (r.submission === 'journaled' ? { error } : {})))!
    } catch {
      return this.opts.store.noteUnwritten(id, error)!
    }
  }

  /**
   * Takes back a submission that has not been answered: it is never sent again. One that
   * was sent before without an answer may exist on the service; the rescue then finds it
   * as a job from elsewhere, so nothing paid for is lost. Null when it is not waiting.
   */
  async withdraw(id: string, reason: string): Promise<JobRecord | null> {
    if (this.inFlight.has(id)) return null
    const record = this.opts.store.get(id)
    if (!record || record.submission !== 'journaled' || record.kind === 'legacy') return null
    return (await this.opts.store.update(id, () => ({ submission: 'rejected', error: reason })))!
  }

  /** Resends every submission still waiting for an answer (at start and periodically). */
  async resendPending(): Promise<void> {
    // Answers the disk refused before (a legacy job's) go first, now there may be room.
    await this.opts.store.writeHeld()
    const pending = this.opts.store.all().filter((r) => r.submission === 'journaled' && r.kind !== 'legacy')
    await Promise.all(pending.map((r) => this.send(r.id)))
  }
}

/** A request as the user made it: the webhook address differs from run to run. */
function asMade(request: Record<string, unknown>): Record<string, unknown> {
  const { webhookUrl: _url, webhookEvents: _events, ...rest } = request
  return rest
}
