// happy-dom lays nothing out, so a virtualized list would see a zero-sized scroller and
// render nothing. This gives every element the size of a small window for one test file.
import { afterAll, beforeAll } from 'vitest'

const SIZES = { offsetWidth: 1000, offsetHeight: 700, clientWidth: 1000, clientHeight: 700 } as const

export function useSmallWindowLayout(): void {
  const saved = new Map<string, PropertyDescriptor | undefined>()
  beforeAll(() => {
    for (const [key, value] of Object.entries(SIZES)) {
      saved.set(key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key))
      Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value })
    }
  })
  afterAll(() => {
    for (const [key, descriptor] of saved) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor)
  })
}
