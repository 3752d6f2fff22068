// Seeds on Create: a model whose block has `seed` always sends one, the one on screen, so
// any result can be made again. Unlocked, a fresh seed is drawn for each run; a batch of N
// counts on from the seed shown, so its N jobs differ and each can be found again.
import { SEED_MAX } from '../../../shared/api'
import type { FieldSpec } from '../../forms/field-spec'

export function takesSeed(fields: FieldSpec[]): boolean {
  return fields.some((f) => f.key === 'seed')
}

export function randomSeed(random: () => number = Math.random): number {
  return Math.floor(random() * (SEED_MAX + 1))
}

/** `n` different seeds from `start` on, wrapping past the largest back to 0. */
export function batchSeeds(start: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => (start + i) % (SEED_MAX + 1))
}

/** The seed a request sent, read from its parameter block. */
export function seedOf(request: Record<string, unknown>): number | null {
  for (const value of Object.values(request)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const seed = (value as Record<string, unknown>).seed
      if (typeof seed === 'number' && Number.isInteger(seed)) return seed
    }
  }
  return null
}
