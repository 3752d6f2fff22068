// The caller's account, the public model catalog and asset registration.
import { createHash, randomUUID } from 'node:crypto'
import { assetRequestSchema, buildCatalog, detailsFromZodError, type AssetCreated, type Me } from '../../shared/api'
import type { Handler } from '../context'
import { invalid, json, readJsonOr400 } from '../http'

/** A stable UUID-shaped id derived from a secret, so the key's id does not reveal it. */
function idFrom(secret: string): string {
  const h = createHash('sha256').update(`key-id:${secret}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export const me: Handler = async ({ sim }) => {
  const { identity, apiKey } = sim.store
  const body: Me = {
    user: { id: identity.userId, email: identity.email, role: 'OWNER' },
    team: { id: identity.teamId, name: 'Demo team', credits: sim.store.credits, plan: 'demo', customerId: null },
    apiKey: { id: idFrom(apiKey), name: 'Demo key', prefix: apiKey.slice(0, 8) }
  }
  return json(200, body)
}

export const catalog: Handler = async () => json(200, buildCatalog())

export const createAsset: Handler = async ({ req, sim }) => {
  const body = await readJsonOr400(req)
  const parsed = assetRequestSchema.safeParse(body)
  if (!parsed.success) throw invalid(detailsFromZodError(parsed.error, body))
  const id = randomUUID()
  sim.store.assets.set(id, { id, url: parsed.data.url, type: parsed.data.type, createdAt: sim.store.now() })
  sim.store.changed()
  await sim.store.flush()
  return json(201, { assetId: id } satisfies AssetCreated)
}
