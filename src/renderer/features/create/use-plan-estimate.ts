// What Generate will cost on Create when it sends more than one job: a batch is N times
// the single job's price; a matrix (or a prompt with wildcards) is the sum of its cells,
// priced as the confirmation prices them, so the side panel shows the same total.
import { useEffect, useState } from 'react'
import { call } from '../../api/client'
import { formatCredits, formatNumber } from '../../format/numbers'
import type { MatrixRunPlan } from '../../stores/matrix-runs'
import type { Estimate } from '../../components/submit/use-estimate'

const DEBOUNCE_MS = 250

/** N jobs of one request: N × the unit price, said as such. */
export function batchEstimate(single: Estimate, n: number): Estimate {
  if (n <= 1 || single.state !== 'ready' || single.credits === null) return single
  const total = single.credits * n
  return { state: 'ready', credits: total, explanation: `${n} jobs × ${formatNumber(single.credits)} = ${formatCredits(total)} (each: ${single.explanation})` }
}

/** A cell's request without its seed: no price depends on the seed, so cells differing only by it are priced once. */
function unseeded(request: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(request).map(([k, v]) => {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return [k, v]
      const { seed: _seed, ...rest } = v as Record<string, unknown>
      return [k, rest]
    })
  )
}

const priceKey = (request: Record<string, unknown>) => JSON.stringify(request)

/** Prices requests already without their seeds. */
async function pricePlan(requests: Record<string, unknown>[]): Promise<Estimate> {
  const unique = new Map<string, Record<string, unknown>>()
  for (const r of requests) unique.set(priceKey(r), r)
  const prices = new Map<string, number>()
  for (const [key, request] of unique) {
    const r = await call('jobs.estimate', { request })
    if (!r.ok) return { state: 'error', message: r.error.message }
    if (r.data.credits !== null) prices.set(key, r.data.credits)
  }
  const priced = requests.map((r) => prices.get(priceKey(r))).filter((c): c is number => c !== undefined)
  if (priced.length === 0) return { state: 'ready', credits: null, explanation: '' }
  const total = priced.reduce((a, b) => a + b, 0)
  const same = priced.every((c) => c === priced[0])
  const jobs = `${priced.length} ${priced.length === 1 ? 'job' : 'jobs'}`
  return { state: 'ready', credits: total, explanation: same ? `${jobs} × ${formatNumber(priced[0]!)} = ${formatCredits(total)}` : `${jobs} in all` }
}

/** The total of a plan's sendable cells, a moment after the plan stops changing. */
export function usePlanEstimate(plan: MatrixRunPlan | null): Estimate {
  const key = plan ? JSON.stringify(plan.cells.filter((c) => !c.error).map((c) => unseeded(c.request))) : null
  const [state, setState] = useState<{ key: string | null; estimate: Estimate }>({ key: null, estimate: { state: 'idle' } })

  useEffect(() => {
    if (key === null) return
    let cancelled = false
    const timer = window.setTimeout(async () => {
      const estimate = await pricePlan(JSON.parse(key) as Record<string, unknown>[])
      if (!cancelled) setState({ key, estimate })
    }, DEBOUNCE_MS)
    return () => {
      cancelled = true
      window.clearTimeout(timer)
    }
  }, [key])

  if (key === null) return { state: 'idle' }
  // Another plan never shows the last one's total, which could be sent by mistake.
  return state.key === key ? state.estimate : { state: 'loading' }
}
