// The painted mask goes with an inpaint as it is when the user submits: uploaded once per
// version of the painting, taken back when the painting was cleared, and never in place
// of a mask file the user chose unless there is paint to send.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fieldsOf } from '../../../../src/renderer/forms/field-spec'
import { buildBody } from '../../../../src/renderer/forms/request-body'
import { withPaintedMask } from '../../../../src/renderer/features/tools/painted-mask'
import { useMask } from '../../../../src/renderer/components/mask/mask-store'
import type { Composer } from '../../../../src/renderer/components/composer/use-composer'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useUploads } from '../../../../src/renderer/stores/uploads'
import { getModel } from '../../../../src/shared/api'
import { installFakeApi } from '../fake-api'
import { resetStore } from '../fixtures'

// happy-dom has no canvas: the PNG itself is checked in Chromium end to end.
vi.mock('../../../../src/renderer/components/mask/mask-png', () => ({
  maskPng: vi.fn(async () => new File([new Uint8Array([137, 80, 78, 71])], 'painted-mask.png', { type: 'image/png' })),
  naturalSize: vi.fn(async () => ({ width: 64, height: 48 }))
}))

const api = installFakeApi()
const model = getModel('e1-1')!
const IMAGE = 'https://cdn.example/uploads/photo.png'
let uploads = 0

function composer(params: Record<string, unknown>): Composer {
  const draft = { ...useDrafts.getState().drafts.tools, modelId: model.id, prompt: 'a door', params }
  return { draftId: 'tools', draft, fields: fieldsOf(model.block, model.blockName), model, body: buildBody(model, 'a door', params) } as unknown as Composer
}

async function send(params: Record<string, unknown>) {
  const r = await withPaintedMask(composer(params))
  if (!r.ok) throw new Error(r.message)
  return r.composer
}

const stroke = { type: 'stroke' as const, tool: 'brush' as const, size: 8, points: [{ x: 4, y: 4 }, { x: 30, y: 20 }] }

beforeEach(() => {
  api.reset()
  resetStore(useDrafts)
  resetStore(useMask)
  resetStore(useUploads)
  uploads = 0
  useUploads.getState().add({ uploadId: 'up-image', url: IMAGE, fileName: 'photo.png', kind: 'image', preview: 'blob:photo', expiresAt: new Date(Date.now() + 3600_000).toISOString() })
  api.handle('uploads.create', () => {
    uploads++
    return { ok: true, data: { id: `up-mask-${uploads}`, url: `https://cdn.example/uploads/mask-${uploads}.png`, kind: 'image', contentType: 'image/png', byteSize: 4, expiresAt: new Date(Date.now() + 3600_000).toISOString(), localPath: `inputs/mask-${uploads}.png` } }
  })
  useMask.getState().forImage(IMAGE)
})

describe('the painted mask at submit', () => {
  it('uploads the painting into the mask parameter, once per version of it', async () => {
    useMask.getState().apply(stroke)
    const first = await send({ image: IMAGE, mode: 'inpaint' })
    expect((first.body as { e1Params: { mask: string } }).e1Params.mask).toBe('https://cdn.example/uploads/mask-1.png')
    expect(api.callsTo('uploads.create')).toEqual([expect.objectContaining({ field: 'e1Params.mask' })])

    // Unchanged since: the same upload serves again.
    await send({ image: IMAGE, mode: 'inpaint', mask: 'https://cdn.example/uploads/mask-1.png' })
    expect(uploads).toBe(1)

    // One more stroke, then an undo and a redo: a new version, uploaded anew.
    useMask.getState().apply({ ...stroke, points: [{ x: 40, y: 40 }] })
    useMask.getState().undo()
    useMask.getState().redo()
    const again = await send({ image: IMAGE, mode: 'inpaint', mask: 'https://cdn.example/uploads/mask-1.png' })
    expect((again.body as { e1Params: { mask: string } }).e1Params.mask).toBe('https://cdn.example/uploads/mask-2.png')
    expect(useDrafts.getState().drafts.tools.params.mask).toBe('https://cdn.example/uploads/mask-2.png')
  })

  it('takes its own mask back when the painting was cleared, but leaves a chosen file alone', async () => {
    useMask.getState().apply(stroke)
    await send({ image: IMAGE, mode: 'inpaint' })
    useMask.getState().apply({ type: 'clear' })
    const cleared = await send({ image: IMAGE, mode: 'inpaint', mask: 'https://cdn.example/uploads/mask-1.png' })
    expect((cleared.body as { e1Params: Record<string, unknown> }).e1Params).not.toHaveProperty('mask')

    const chosen = await send({ image: IMAGE, mode: 'inpaint', mask: 'https://cdn.example/uploads/my-mask.png' })
    expect((chosen.body as { e1Params: { mask: string } }).e1Params.mask).toBe('https://cdn.example/uploads/my-mask.png')
    expect(uploads).toBe(1)
  })

  it('sends no painting with an outpaint, nor for an image it was not painted on', async () => {
    useMask.getState().apply(stroke)
    await send({ image: IMAGE, mode: 'outpaint', outpaint: 'Zoom out 2x' })
    await send({ image: 'https://cdn.example/uploads/other.png', mode: 'inpaint' })
    expect(uploads).toBe(0)
  })

  it('says so when the mask cannot be uploaded', async () => {
    api.fail('uploads.create', { code: 'network', message: 'The service cannot be reached' })
    useMask.getState().apply(stroke)
    const r = await withPaintedMask(composer({ image: IMAGE, mode: 'inpaint' }))
    expect(r).toEqual({ ok: false, message: 'The painted mask could not be uploaded: The service cannot be reached' })
  })
})
