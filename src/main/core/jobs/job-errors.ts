// Why an action on a job was refused: the job is not in the queue, or it cannot take
// this action now. The app turns these into its `not_found` and `conflict` errors.
export class JobActionError extends Error {
  constructor(readonly code: 'not_found' | 'conflict', message: string) {
    super(message)
  }
}
