// What a holder of a data folder does for the command line: one handler per command it
// takes (a holder that cannot run a command, an import run say, leaves it out and the
// command line is told to wait), and the refusals a handler or the door answers with.
import type { AnswerOf, CommandRequest, HandoverLine, LineBody, SpendRefusalDetail } from '../../../shared/app/handover'

/** News of the work as it goes (an import's progress, each file it leaves out). */
export type WorkNews = LineBody<Extract<HandoverLine, { type: 'progress' | 'skipped' }>>

export interface HolderCommands {
  submit?(request: CommandRequest<'submit'>): Promise<AnswerOf<'submit'>>
  /** `stop` is aborted when the command line goes away or the holder closes. */
  sync?(request: CommandRequest<'sync'>, stop: AbortSignal): Promise<AnswerOf<'sync'>>
  import?(request: CommandRequest<'import'>, news: (line: WorkNews) => void, stop: AbortSignal): Promise<AnswerOf<'import'>>
  repair?(): Promise<AnswerOf<'repair'>>
  /** Sets the spending limits in the holder's settings, where its sends read them. */
  limits?(request: CommandRequest<'limits'>): Promise<AnswerOf<'limits'>>
}

/**
 * Why a request was not done. The command line turns each into its exit code:
 * `unavailable` and `busy` (the holder cannot take it now: wait and retry) and
 * `unauthorized` and `unsupported_version` (the holder does not take it from this command
 * line) mean the folder is held; `not_taken` that nothing was or will be sent;
 * `over_limit` and `ask_first` that a spending limit refused a submit (nothing was sent).
 */
export type RefusalCode =
  | 'unauthorized' | 'unsupported_version' | 'malformed' | 'too_large' | 'unknown_command' | 'invalid_input'
  | 'unavailable' | 'busy' | 'not_taken' | 'validation' | 'internal' | 'over_limit' | 'ask_first'

export class HandoverRefusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
    /** For `over_limit` and `ask_first`: the limit, and the send's cost. */
    readonly spend?: SpendRefusalDetail
  ) {
    super(message)
  }
}
