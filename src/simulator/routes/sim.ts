// The simulator's own control endpoint: `GET /_sim/faults` shows the injected faults,
// `POST /_sim/faults` changes some of them (JSON, any subset of FaultConfig). It needs
// the API key and is itself never subject to faults or rate limits.
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
