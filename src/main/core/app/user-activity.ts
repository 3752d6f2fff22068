// When the user last asked the app for something: a page of the gallery, a picture, a
// click that reaches the engine. Work in the background (the check of the library at
// start) asks it, and rests longer while the user is at work, so a scroll through the
// gallery is not drawn on a core that the check is also using.

/** How long after a request the user counts as still at work. */
const AT_WORK_MS = 1_000

export class UserActivity {
  #last = Number.NEGATIVE_INFINITY

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The user asked for something just now. */
  note(): void {
    this.#last = this.now()
  }

  /** True within a second of the last request. */
  atWork(): boolean {
    return this.now() - this.#last < AT_WORK_MS
  }
}
