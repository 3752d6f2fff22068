// The price under Generate never shows another request's figure: a new prompt keeps the
// price (it does not depend on the prompt), another model or setting shows "pricing" until
// its own price arrives.
import { renderHook, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { useEstimate } from '../../../../src/renderer/components/submit/use-estimate'
import type { RequestBody } from '../../../../src/renderer/forms/request-body'
import { installFakeApi } from '../fake-api'

const api = installFakeApi()
const PRICES: Record<string, number> = { 'i1-1': 3, 'i2-1': 12 }

beforeEach(() => {
  api.reset()
  api.handle('jobs.estimate', ({ request }) => ({ ok: true, data: { credits: PRICES[String(request.model)] ?? 0, explanation: 'flat price per job' } }))
})

const body = (model: string, prompt: string) => ({ model, prompt }) as unknown as RequestBody

describe('the cost estimate', () => {
  it('keeps the price while only the prompt changes, and shows none while another model is priced', async () => {
    const { result, rerender } = renderHook(({ b }) => useEstimate(b, true), { initialProps: { b: body('i1-1', 'a fox') } })
    await waitFor(() => expect(result.current).toMatchObject({ state: 'ready', credits: 3 }))

    rerender({ b: body('i1-1', 'a fox in the snow') })
    expect(result.current).toMatchObject({ state: 'ready', credits: 3 })

    rerender({ b: body('i2-1', 'a fox in the snow') })
    expect(result.current).toEqual({ state: 'loading' })
    await waitFor(() => expect(result.current).toMatchObject({ state: 'ready', credits: 12 }))
  })
})
