// Serialises read-modify-write changes per key: two changes to one record that overlap
// would otherwise both start from the old version and one would be lost.
export class KeyedLock {
  private tails = new Map<string, Promise<unknown>>()

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return this.runAll([key], task)
  }

  /** Runs `task` once every key is free, holding them all; keys are taken at once, so no two callers can deadlock. */
  runAll<T>(keys: readonly string[], task: () => Promise<T>): Promise<T> {
    const previous = Promise.all(keys.map((k) => this.tails.get(k) ?? Promise.resolve()))
    const next = previous.then(task, task)
    const tail = next.catch(() => undefined)
    for (const key of keys) {
      this.tails.set(key, tail)
      void tail.then(() => {
        if (this.tails.get(key) === tail) this.tails.delete(key)
      })
    }
    return next
  }

  /** Resolves when every task started so far has ended. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all(this.tails.values())
  }
}
