// The simulator's own control endpoints: `GET /_sim/faults` shows the injected faults,
// `POST /_sim/faults` changes some of them (JSON, any subset of FaultConfig), and
// `POST /_sim/release` lets held jobs go on (`{"jobId": …}` for one, `{}` for all), and
// `POST /_sim/credits` sets the team's balance (`{"credits": N}`), so a client's tests can
// run short of credits without spending them. They
// need the API key and are themselves never subject to faults or rate limits.
import { z } from 'zod'
import { detailsFromZodError } from '../../shared/api'
import type { Handler } from '../context'
import { faultPatchSchema } from '../faults'
import { invalid, json, readJsonOr400 } from '../http'

export const faultsEndpoint: Handler = async ({ req, sim }) => {
  if (req.method === 'POST') {
    const body = await readJsonOr400(req)
    const parsed = faultPatchSchema.safeParse(body)
    if (!parsed.success) throw invalid(detailsFromZodError(parsed.error, body))
    return json(200, sim.faults.set(parsed.data))
  }
  return json(200, sim.faults.config)
}

const releaseSchema = z.strictObject({ jobId: z.string().min(1).optional() })

export const releaseEndpoint: Handler = async ({ req, sim }) => {
  const body = await readJsonOr400(req)
  const parsed = releaseSchema.safeParse(body)
  if (!parsed.success) throw invalid(detailsFromZodError(parsed.error, body))
  return json(200, { released: sim.runner.release(parsed.data.jobId) })
}

const creditsSchema = z.strictObject({ credits: z.number().int().min(0) })

export const creditsEndpoint: Handler = async ({ req, sim }) => {
  const body = await readJsonOr400(req)
  const parsed = creditsSchema.safeParse(body)
  if (!parsed.success) throw invalid(detailsFromZodError(parsed.error, body))
  sim.store.setCredits(parsed.data.credits)
  return json(200, { credits: sim.store.credits })
}
