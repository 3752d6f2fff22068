import { describe, expect, it } from 'vitest'
import { loraListSchema, loraSchema } from '../../../src/shared/api'
import { call, createLora, fileOf, pngBytes, postForm, route, startTestSim, waitFor, waitForLora } from './helpers'

const i17 = (loraId: string) => ({ model: 'i17-1', prompt: 'me on the moon', i17Params: { loraId } })

describe('demo service: LoRAs', () => {
  it('trains PENDING → UPLOADING → TRAINING → READY, and lists, reads, patches and archives', async () => {
    const sim = await startTestSim({ speed: 10 })
    const form = new FormData()
    form.set('name', 'Ada')
    form.set('subjectKind', 'person')
    form.set('gender', 'female')
    form.set('steps', '1500')
    form.set('triggerWord', 'ada_person')
    const png = await pngBytes(24, 24)
    for (let i = 0; i < 15; i++) form.append('images', fileOf(png, `a${i}.png`, 'image/png'))
    const created = await postForm(sim, route('createLora'), form)
    expect(created.status).toBe(201)
    const { id } = created.body as { id: string }
    expect(created.body).toEqual({ id, status: 'PENDING', imageCount: 15 })

    const statuses: string[] = []
    const ready = await waitFor(async () => {
      const lora = loraSchema.parse((await call(sim, 'GET', route('getLora', id))).body)
      statuses.push(lora.status)
      expect(lora.isReady).toBe(lora.status === 'READY')
      expect(lora.hasWeights).toBe(lora.status === 'READY')
      return lora.status === 'READY' ? lora : undefined
    })
    // Whatever the polls caught, they caught it in the lifecycle's order, never going back.
    const order = ['PENDING', 'UPLOADING', 'TRAINING', 'READY']
    const ranks = statuses.map((s) => order.indexOf(s))
    expect(ranks).not.toContain(-1)
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks)
    expect(ready).toMatchObject({ name: 'Ada', subjectKind: 'person', gender: 'female', steps: 1500, loraRank: 16, imageCount: 15, triggerWord: 'ada_person', error: null })
    expect(ready.startedAt).not.toBeNull()
    expect(ready.completedAt).not.toBeNull()

    const list = loraListSchema.parse((await call(sim, 'GET', route('listLoras'))).body)
    expect(list.items.map((l) => l.id)).toEqual([id])
    expect(list.nextCursor).toBeNull()

    const patched = await call(sim, 'PATCH', route('updateLora', id), { name: 'Ada L.', triggerWord: null })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({ name: 'Ada L.', triggerWord: null })
    const badPatch = await call<{ details: Record<string, string[]> }>(sim, 'PATCH', route('updateLora', id), { name: '', colour: 'red' })
    expect(badPatch.status).toBe(400)
    expect(Object.keys(badPatch.body.details).sort()).toEqual(['$', 'name'])

    expect((await call(sim, 'POST', route('generateImage'), i17(id))).status).toBe(202)
    const deleted = await fetch(sim.url + route('deleteLora', id), { method: 'DELETE', headers: { 'x-api-key': sim.apiKey } })
    expect(deleted.status).toBe(204)
    const archived = loraSchema.parse((await call(sim, 'GET', route('getLora', id))).body)
    expect(archived).toMatchObject({ status: 'ARCHIVED', isReady: false, hasWeights: false })
    expect((await call(sim, 'POST', route('generateImage'), i17(id))).status).toBe(409)
  })

  it('pages the list with a cursor', async () => {
    const sim = await startTestSim()
    const ids = [await createLora(sim, 'one'), await createLora(sim, 'two'), await createLora(sim, 'three')]
    const first = loraListSchema.parse((await call(sim, 'GET', `${route('listLoras')}?limit=2`)).body)
    expect(first.items.map((l) => l.id)).toEqual([ids[2], ids[1]])
    const second = loraListSchema.parse((await call(sim, 'GET', `${route('listLoras')}?limit=2&cursor=${first.nextCursor ?? ''}`)).body)
    expect(second.items.map((l) => l.id)).toEqual([ids[0]])
    expect(second.nextCursor).toBeNull()
    expect((await call(sim, 'GET', `${route('listLoras')}?limit=500`)).status).toBe(400)
  })

  it('validates the multipart form: image count, image types, fields', async () => {
    const sim = await startTestSim()
    const png = await pngBytes(16, 16)
    const few = new FormData()
    few.set('name', 'x')
    few.set('subjectKind', 'person')
    for (let i = 0; i < 14; i++) few.append('images', fileOf(png, `${i}.png`))
    const tooFew = await postForm(sim, route('createLora'), few)
    expect(tooFew.status).toBe(400)
    expect(Object.keys((tooFew.body as { details: object }).details)).toEqual(['images'])

    const mixed = new FormData()
    mixed.set('subjectKind', 'robot')
    mixed.set('steps', '10')
    for (let i = 0; i < 15; i++) mixed.append('images', fileOf(i === 3 ? Buffer.from('not an image at all') : png, `${i}.png`))
    const bad = await postForm(sim, route('createLora'), mixed)
    expect(bad.status).toBe(400)
    expect(Object.keys((bad.body as { details: object }).details).sort()).toEqual(['images.3', 'name', 'steps', 'subjectKind'])
  })

  it('checks the LoRA of an I17 job: 404 unknown, 403 another user\'s, 409 not READY', async () => {
    const sim = await startTestSim({ speed: 1 })
    const unknown = await call(sim, 'POST', route('generateImage'), i17('5b0c8a2e-1111-4222-8333-444455556666'))
    expect(unknown.status).toBe(404)
    const foreign = await call(sim, 'POST', route('generateImage'), i17(sim.foreignLoraId))
    expect(foreign.status).toBe(403)
    expect((await call(sim, 'GET', route('getLora', sim.foreignLoraId))).status).toBe(403)
    const training = await createLora(sim)
    expect((await call(sim, 'POST', route('generateImage'), i17(training))).status).toBe(409)
    // The body is checked before the resources it names.
    expect((await call(sim, 'POST', route('generateImage'), { ...i17(sim.foreignLoraId), extra: true })).status).toBe(400)
    expect(sim.jobCount()).toBe(0)
  })

  it('fails training when the name asks for it', async () => {
    const sim = await startTestSim()
    const id = await createLora(sim, 'broken #fail')
    const failed = await waitForLora(sim, id, ['FAILED', 'READY'])
    expect(failed).toMatchObject({ status: 'FAILED', isReady: false, hasWeights: false })
    expect(typeof failed.error).toBe('string')
    expect((await call(sim, 'POST', route('generateImage'), i17(id))).status).toBe(409)
  })
})
