// Asks the engine what a request would cost, a moment after the user stops typing. Only
// valid requests are priced: the engine prices what it would submit.
import { useEffect, useState } from 'react'
import { call } from '../../api/client'
import type { RequestBody } from '../../forms/request-body'

export type Estimate =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; credits: number | null; explanation: string }
  | { state: 'error'; message: string }

const DEBOUNCE_MS = 250

export function useEstimate(body: RequestBody | null, valid: boolean, route: 'jobs.estimate' | 'legacy.estimate' = 'jobs.estimate'): Estimate {
  const key = valid && body ? JSON.stringify(body) : null
  const [estimate, setEstimate] = useState<Estimate>(key === null ? { state: 'idle' } : { state: 'loading' })
  const [followed, setFollowed] = useState({ key, route })

  // A new request shows as loading (keeping the last price meanwhile) from this very
  // render: adjusted while rendering, as React advises for state that follows props.
  if (followed.key !== key || followed.route !== route) {
    setFollowed({ key, route })
    setEstimate((prev) => (key === null ? { state: 'idle' } : prev.state === 'ready' ? prev : { state: 'loading' }))
  }

  useEffect(() => {
    if (key === null) return
    let cancelled = false
    const timer = window.setTimeout(async () => {
      const request = JSON.parse(key) as Record<string, unknown>
      const r = await call(route, { request })
      if (cancelled) return
      setEstimate(r.ok ? { state: 'ready', credits: r.data.credits, explanation: r.data.explanation } : { state: 'error', message: r.error.message })
    }, DEBOUNCE_MS)
    return () => {
      cancelled = true
      window.clearTimeout(timer)
    }
  }, [key, route])

  return estimate
}
