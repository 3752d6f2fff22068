// Asks the engine what a request would cost, a moment after the user stops typing. Only
// valid requests are priced: the engine prices what it would submit. A price that depends
// on the input's size (U1, per output megapixel) is worked out here with the same pricing
// function, once the page has measured the input; the engine sees only its URL.
import { useEffect, useState } from 'react'
import { estimateCost, parseGenerationRequest, type CostContext } from '../../../shared/api'
import { call } from '../../api/client'
import type { RequestBody } from '../../forms/request-body'
import { explainPrice } from './price-explanation'

export type Estimate =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; credits: number | null; explanation: string }
  | { state: 'error'; message: string }

const DEBOUNCE_MS = 250

type Priced = { ok: true; credits: number | null; explanation: string } | { ok: false; message: string }

async function price(request: Record<string, unknown>, route: 'jobs.estimate' | 'legacy.estimate', context: CostContext): Promise<Priced> {
  const parsed = route === 'jobs.estimate' ? parseGenerationRequest(request) : null
  if (parsed?.ok && context.inputMegapixels !== undefined && parsed.model.pricing.mode === 'per-megapixel') {
    const { credits } = estimateCost(parsed.model, parsed.request, context)
    return { ok: true, credits, explanation: explainPrice(parsed.model, parsed.request, credits, context) }
  }
  const r = await call(route, { request })
  if (!r.ok) return { ok: false, message: r.error.message }
  const explanation = parsed?.ok ? explainPrice(parsed.model, parsed.request, r.data.credits, context) : r.data.explanation
  return { ok: true, credits: r.data.credits, explanation }
}

/**
 * What the price depends on: the request without its prompt (no model prices by the prompt),
 * the measured input and the route. While only the prompt changes, the last price is still
 * the price, so it stays on screen instead of flickering.
 */
function priceBasis(key: string | null, route: string): string | null {
  if (key === null) return null
  const { body, inputMegapixels } = JSON.parse(key) as { body: Record<string, unknown>; inputMegapixels?: number }
  const { prompt: _prompt, ...rest } = body
  return JSON.stringify({ rest, inputMegapixels, route })
}

export function useEstimate(
  body: RequestBody | null,
  valid: boolean,
  route: 'jobs.estimate' | 'legacy.estimate' = 'jobs.estimate',
  inputMegapixels?: number
): Estimate {
  const key = valid && body ? JSON.stringify({ body, inputMegapixels }) : null
  const [estimate, setEstimate] = useState<Estimate>(key === null ? { state: 'idle' } : { state: 'loading' })
  const [followed, setFollowed] = useState({ key, route })

  // A new request shows as loading from this very render (adjusted while rendering, as
  // React advises for state that follows props); a new prompt alone keeps the last price,
  // but another model or setting never shows the old one, which could be sent by mistake.
  if (followed.key !== key || followed.route !== route) {
    const samePrice = priceBasis(key, route) !== null && priceBasis(key, route) === priceBasis(followed.key, followed.route)
    setFollowed({ key, route })
    setEstimate((prev) => (key === null ? { state: 'idle' } : prev.state === 'ready' && samePrice ? prev : { state: 'loading' }))
  }

  useEffect(() => {
    if (key === null) return
    let cancelled = false
    const timer = window.setTimeout(async () => {
      const { body: request, inputMegapixels: mp } = JSON.parse(key) as { body: Record<string, unknown>; inputMegapixels?: number }
      const r = await price(request, route, mp === undefined ? {} : { inputMegapixels: mp })
      if (cancelled) return
      setEstimate(r.ok ? { state: 'ready', credits: r.credits, explanation: r.explanation } : { state: 'error', message: r.message })
    }, DEBOUNCE_MS)
    return () => {
      cancelled = true
      window.clearTimeout(timer)
    }
  }, [key, route])

  return estimate
}
