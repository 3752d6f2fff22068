// Why the engine refused what it was asked: the job or file is not there, or the job
// cannot take this action now. The app turns these into its `not_found` and `conflict`
// errors, with the message as written here.
export class EngineRefusal extends Error {
  constructor(readonly code: 'not_found' | 'conflict', message: string) {
    super(message)
  }
}
