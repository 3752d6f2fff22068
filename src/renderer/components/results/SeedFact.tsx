// The seed a job sent, with "Reuse seed", on each result and in the viewer.
import { reuseSeed } from '../composer/reuse-seed'
import { seedOf } from '../composer/seeds'

/** `bare`: beside a "Seed" label already (the viewer's list of parameters). */
export function SeedFact({ request, bare = false }: { request: Record<string, unknown>; bare?: boolean }) {
  const seed = seedOf(request)
  if (seed === null) return null
  return (
    <span className="seed-fact" data-testid="result-seed">
      {bare ? null : 'Seed '}
      <span className="mono">{seed}</span>{' '}
      <button type="button" className="link-btn" onClick={() => reuseSeed(seed)} data-testid="reuse-seed">
        Reuse seed
      </button>
    </span>
  )
}
