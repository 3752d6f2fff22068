// Create as the app shows it, against a fake engine that prices and accepts jobs as the
// service would (prices from the shared pricing functions).
import { render } from '@testing-library/react'
import { estimateCost, getModel, parseGenerationRequest } from '../../../../src/shared/api'
import { CreateView } from '../../../../src/renderer/features/create/CreateView'
import { useApp } from '../../../../src/renderer/stores/app'
import { useCreateOptions } from '../../../../src/renderer/stores/create-options'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useJobs } from '../../../../src/renderer/stores/jobs'
import { useMatrixRuns } from '../../../../src/renderer/stores/matrix-runs'
import { useLibrary } from '../../../../src/renderer/stores/library'
import { useWildcardLists } from '../../../../src/renderer/stores/wildcard-lists'
import type { FakeApi } from '../fake-api'
import { jobView, resetStore } from '../fixtures'

export function answerJobs(api: FakeApi): void {
  api.answer('library.list', { entries: [], total: 0 })
  api.handle('jobs.estimate', ({ request }) => {
    const parsed = parseGenerationRequest(request)
    if (!parsed.ok) return { ok: false, error: { code: 'validation', message: 'invalid', details: parsed.details } }
    return { ok: true, data: estimateCost(parsed.model, parsed.request) }
  })
  let n = 0
  api.handleJobs(({ request }) => {
    n++
    return { ok: true, data: jobView({ localId: `local-${n}`, model: String(request.model), request, submission: 'accepted' }) }
  })
}

/** Sent requests, in order. */
export function submitted(api: FakeApi): Record<string, unknown>[] {
  return api.jobsSent().map((i) => i.request)
}

/** `params` are set as the user would have set them, by the field's key. */
export function renderCreate(modelId: string, prompt: string, credits = 1000, params: Record<string, unknown> = {}): void {
  for (const store of [useDrafts, useApp, useJobs, useLibrary, useMatrixRuns, useCreateOptions, useWildcardLists]) resetStore(store as never)
  localStorage.clear()
  useApp.getState().setCredits(credits)
  const model = getModel(modelId)!
  useDrafts.getState().setModel('create', modelId, model.modality)
  for (const [key, value] of Object.entries(params)) useDrafts.getState().setParam('create', key, value, `${model.blockName}.${key}`)
  useDrafts.getState().setPrompt('create', prompt)
  render(<CreateView />)
}
