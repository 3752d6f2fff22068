// The command line's handover: what a command sends to the process that holds the data
// folder (the app, `serve`, a `sync`) over its owner-only local socket, and what comes
// back. One request per connection, one JSON object per line each way. The holder parses
// every request with these schemas (the peer may be anything that can open the socket);
// the command line parses every line of the answer with them too.
import { z } from 'zod'
import { importProgressSchema, importResultSchema, importSkipSchema } from './library-import'
import { creditLimitSchema, spendStandingSchema } from './spend-limits'

/** The protocol's version; a holder refuses any other, naming its own. */
export const HANDOVER_VERSION = 1

/** A request line longer than this is refused before it is parsed. */
export const MAX_REQUEST_BYTES = 64 * 1024

/** The commands a holder of the data folder may be handed. */
export const HANDOVER_COMMANDS = ['submit', 'sync', 'import', 'repair', 'limits'] as const
export type HandoverCommand = (typeof HANDOVER_COMMANDS)[number]

/** The longest `sync --timeout` a holder waits for: a day. */
const MAX_SYNC_MS = 24 * 3600_000

const envelope = { v: z.literal(HANDOVER_VERSION), token: z.string().min(1).max(256) }

export const handoverRequestSchema = z.discriminatedUnion('command', [
  z.strictObject({
    ...envelope,
    command: z.literal('submit'),
    request: z.record(z.string(), z.unknown()),
    /** Always given (the command line makes one when the user did not), so a lost answer can be asked for again. */
    idempotencyKey: z.string().min(1).max(255),
    /** The user said yes to its cost (`--yes`): it goes even above the ask-first threshold, never past a limit. */
    confirmed: z.boolean()
  }),
  z.strictObject({ ...envelope, command: z.literal('sync'), timeoutMs: z.number().int().positive().max(MAX_SYNC_MS) }),
  z.strictObject({ ...envelope, command: z.literal('import'), dir: z.string().min(1).max(4096) }),
  z.strictObject({ ...envelope, command: z.literal('repair') }),
  /** Sets the spending limits of the folder's settings (null clears one); the answer is their standing. */
  z.strictObject({
    ...envelope,
    command: z.literal('limits'),
    set: z.strictObject({
      dailyCreditLimit: creditLimitSchema.nullable().optional(),
      monthlyCreditLimit: creditLimitSchema.nullable().optional(),
      askAboveCredits: creditLimitSchema.nullable().optional()
    })
  })
])
export type HandoverRequest = z.infer<typeof handoverRequestSchema>
/** A request as its command sees it: the token and version checked, and left out. */
export type CommandRequest<C extends HandoverCommand> = Omit<Extract<HandoverRequest, { command: C }>, 'v' | 'token'>

/** A send the spending limits refused: which limit (or the ask-first threshold), the send's cost and that limit. */
export const spendRefusalSchema = z.object({
  reason: z.enum(['daily', 'monthly', 'ask_first']),
  cost: z.number().min(0),
  limit: z.number().min(0)
})
export type SpendRefusalDetail = z.infer<typeof spendRefusalSchema>

/**
 * Why a holder did not do what it was asked. `unavailable` and `busy`: it holds the folder
 * but cannot take this now (closing, importing, an import-only holder), so wait and retry.
 * `over_limit` and `ask_first`: a submit the spending limits refused, with `spend` saying
 * which; nothing was sent. The rest name the fault; a code this version does not know is
 * read as `internal`.
 */
export const refusalSchema = z.object({
  code: z.string().max(64),
  message: z.string().max(16_384),
  /** The holder's process id, for the message that names it. */
  pid: z.number().int().positive(),
  spend: spendRefusalSchema.optional()
})
export type Refusal = z.infer<typeof refusalSchema>

export const submitAnswerSchema = z.discriminatedUnion('outcome', [
  /** Accepted by the service; `again` when the Idempotency-Key was this same request's, and nothing new was made. */
  z.object({ outcome: z.literal('sent'), localId: z.string(), jobId: z.string(), again: z.boolean() }),
  /** Journaled but unanswered (or the disk is full): sent again with the same key. */
  z.object({ outcome: z.literal('journaled'), localId: z.string(), reason: z.string().nullable() }),
  /** Refused by the service: for the request itself, for the API key, or because the Idempotency-Key belongs to another request. */
  z.object({ outcome: z.literal('rejected'), reason: z.string(), by: z.enum(['request', 'key', 'idempotency-key']) })
])
export type SubmitAnswer = z.infer<typeof submitAnswerSchema>

/** What `sync` did: the look for finished jobs, what is left, and what is saved. */
export const syncAnswerSchema = z.object({
  rescue: z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), scanned: z.number().int(), rescued: z.number().int(), adopted: z.number().int() }),
    z.object({ ok: z.literal(false), kind: z.enum(['auth', 'timeout', 'local', 'unreachable', 'failed']), message: z.string() })
  ]),
  /** Every piece of work left at the deadline, with why; empty when all is done. */
  left: z.array(z.string()),
  /** The library once nothing is left (null otherwise): its jobs, saved files and the outputs the service purged. */
  saved: z.object({
    jobs: z.number().int(),
    files: z.number().int(),
    lost: z.array(z.object({ jobId: z.string(), index: z.number().int(), reason: z.string() }))
  }).nullable()
})
export type SyncAnswer = z.infer<typeof syncAnswerSchema>

/** An import's end: its counts (each skipped file was sent on its own line), where it went, and why it stopped early, if it did. */
export const importAnswerSchema = z.object({
  result: importResultSchema,
  libraryDir: z.string(),
  /** The library could not be written (a full disk): what was done is in `result`. */
  stopped: z.string().nullable()
})
export type ImportAnswer = z.infer<typeof importAnswerSchema>

/** What a repair checked and found: one line per finding, and SQLite's check of the index when it found nothing wrong. */
export const repairAnswerSchema = z.object({ checked: z.number().int(), lines: z.array(z.string()), indexCheck: z.string().nullable() })
export type RepairAnswer = z.infer<typeof repairAnswerSchema>

/** Each line the holder writes back: accepted first, then news of the work, then one answer or refusal. */
export const handoverLineSchema = z.discriminatedUnion('type', [
  z.object({ v: z.literal(HANDOVER_VERSION), type: z.literal('accepted'), pid: z.number().int().positive() }),
  z.object({ v: z.literal(HANDOVER_VERSION), type: z.literal('progress'), progress: importProgressSchema }),
  z.object({ v: z.literal(HANDOVER_VERSION), type: z.literal('skipped'), ...importSkipSchema.shape }),
  z.object({ v: z.literal(HANDOVER_VERSION), type: z.literal('answer'), answer: z.unknown() }),
  z.object({ v: z.literal(HANDOVER_VERSION), type: z.literal('refused'), refusal: refusalSchema })
])
export type HandoverLine = z.infer<typeof handoverLineSchema>
/** A line as its writer gives it: the version is added when it is sent. */
export type LineBody<L extends HandoverLine = HandoverLine> = L extends unknown ? Omit<L, 'v'> : never

/** How each command's answer is checked on the command line's side. */
export const ANSWER_SCHEMAS = {
  submit: submitAnswerSchema,
  sync: syncAnswerSchema,
  import: importAnswerSchema,
  repair: repairAnswerSchema,
  limits: spendStandingSchema
} as const satisfies Record<HandoverCommand, z.ZodType>
export type AnswerOf<C extends HandoverCommand> = z.infer<(typeof ANSWER_SCHEMAS)[C]>
