// Serialises read-modify-write changes per key. The record log applies a put to its
// in-memory view only once the line is on disk, so two changes to one record that
// overlap would otherwise both start from the old version and one would be lost.
export class KeyedLock {
  private tails = new Map<string, Promise<unknown>>()

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve()
    const next = previous.then(task, task)
    const tail = next.catch(() => undefined)
    this.tails.set(key, tail)
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key)
    })
    return next
  }
}
