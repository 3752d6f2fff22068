// Each mode's uploads stay in that mode: after a switch (demo to live, another account or
// service, a demo service on a new port), no draft names an upload of the service used
// before. Each is uploaded to the new one from the library's copy and put back where it
// was, or taken out with a notice naming its field; one that cannot go up yet waits as a
// stand-in that Generate uploads first.
import { beforeEach, describe, expect, it } from 'vitest'
import { renewExpiredInputs } from '../../../../src/renderer/components/inputs/renew-uploads'
import type { FieldSpec } from '../../../../src/renderer/forms/field-spec'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useLegacyDraft } from '../../../../src/renderer/stores/legacy-draft'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { followService, serviceOf } from '../../../../src/renderer/stores/upload-carry'
import { useUploads, type UploadRef } from '../../../../src/renderer/stores/uploads'
import type { RouteOutput } from '../../../../src/shared/contract'
import { installFakeApi } from '../fake-api'
import { appInfo, resetStore } from '../fixtures'

const api = installFakeApi()
const DEMO = appInfo()
const LIVE = appInfo({ mode: 'live', keySet: true, keyLast4: 'abcd', baseUrl: 'https://api.example.com' })
const DEMO_URL = 'http://127.0.0.1:8787/cdn/uploads/up-demo/kite.png'

function demoUpload(over: Partial<UploadRef> = {}): UploadRef {
  return { uploadId: 'up-demo', url: DEMO_URL, fileName: 'kite.png', kind: 'image', preview: null, expiresAt: '2030-01-01T00:00:00.000Z', localPath: 'inputs/ab.png', ...over }
}

function carried(id: string): RouteOutput<'uploads.carry'> {
  return { id, url: `https://cdn.example.com/uploads/${id}.png`, kind: 'image', contentType: 'image/png', byteSize: 10, expiresAt: '2030-01-01T01:00:00.000Z', localPath: 'inputs/ab.png' }
}

/** Every URL the drafts hold anywhere, as text. */
const draftsText = () => JSON.stringify([useDrafts.getState().drafts, useDrafts.getState().lastSettings, useLegacyDraft.getState().draft])

beforeEach(async () => {
  api.reset()
  for (const store of [useDrafts, useUploads, useToasts, useLegacyDraft]) resetStore(store as never)
  await followService(DEMO)
  // A demo result dragged onto an input of two models (one no longer chosen), of Tools and of the legacy form.
  useUploads.getState().add(demoUpload())
  const drafts = useDrafts.getState()
  drafts.setModel('create', 'i2-1', 'image')
  drafts.setParam('create', 'image_input', [DEMO_URL, 'https://elsewhere.example.com/mine.png'], 'i2Params.image_input')
  drafts.setModel('create', 'u1-1', 'image')
  drafts.setParam('create', 'image', DEMO_URL, 'u1Params.image')
  drafts.setModel('tools', 'b1-1', 'image')
  drafts.setParam('tools', 'image', DEMO_URL, 'b1Params.image')
  useLegacyDraft.getState().set('image_url', DEMO_URL)
})

describe('inputs after a switch of service', () => {
  it('are uploaded to the new service from the library\'s copy and put back where they were', async () => {
    let answer: (r: { ok: true; data: RouteOutput<'uploads.carry'> }) => void = () => undefined
    api.handle('uploads.carry', () => new Promise((resolve) => (answer = resolve)))
    const switching = followService(LIVE)
    await expect.poll(() => api.callsTo('uploads.carry')).toEqual([{ uploadId: 'up-demo' }])
    const whileUploading = { drafts: draftsText(), image: useDrafts.getState().drafts.create.params.image, demo: useUploads.getState().byUrl[DEMO_URL] }
    answer({ ok: true, data: carried('up-live') })
    await switching
    // While it went up, nothing named the demo address: a stand-in no service accepts did.
    expect(whileUploading.drafts).not.toContain('127.0.0.1')
    expect(whileUploading.image).toBe('pending-upload:carry/up-demo')
    expect(whileUploading.demo).toBeUndefined()

    const live = 'https://cdn.example.com/uploads/up-live.png'
    expect(useDrafts.getState().drafts.create.params.image).toBe(live)
    expect(useDrafts.getState().lastSettings['i2-1']?.image_input).toEqual([live, 'https://elsewhere.example.com/mine.png'])
    expect(useDrafts.getState().drafts.tools.params.image).toBe(live)
    expect(useLegacyDraft.getState().draft.image_url).toBe(live)
    expect(useUploads.getState().byUrl[live]).toMatchObject({ uploadId: 'up-live', fileName: 'kite.png', localPath: 'inputs/ab.png', service: serviceOf(LIVE) })
    expect(Object.keys(useUploads.getState().byUrl)).toEqual([live])
    expect(useToasts.getState().toasts).toEqual([])
  })

  it('are taken out, naming each field, when the library no longer keeps them', async () => {
    api.fail('uploads.carry', { code: 'not_found', message: 'That input is not kept in the library any more; add the file again' })
    await followService(LIVE)
    expect(draftsText()).not.toContain('127.0.0.1')
    expect(draftsText()).not.toContain('pending-upload')
    expect(useDrafts.getState().drafts.create.params.image).toBeUndefined()
    expect(useDrafts.getState().lastSettings['i2-1']?.image_input).toEqual(['https://elsewhere.example.com/mine.png'])
    expect(useLegacyDraft.getState().draft.image_url).toBe('')
    expect(useUploads.getState().byUrl).toEqual({})
    expect(useToasts.getState().toasts.map((t) => t.message)).toEqual([
      'kite.png was uploaded to the service used before, and the library no longer keeps a copy to upload to this one: it was taken out of Image, Input images. Add the file again.'
    ])
  })

  it('wait as a stand-in when the service cannot take them yet, which Generate uploads first', async () => {
    api.fail('uploads.carry', { code: 'network', message: 'Cannot reach api.example.com' })
    await followService(LIVE)
    expect(draftsText()).not.toContain('127.0.0.1')
    expect(useDrafts.getState().drafts.create.params.image).toBe('pending-upload:carry/up-demo')

    // Another switch before it went up: it is carried on from the upload main made.
    await followService(appInfo({ ...LIVE, keyLast4: 'wxyz' }))
    expect(api.callsTo('uploads.carry')).toEqual([{ uploadId: 'up-demo' }, { uploadId: 'up-demo' }])
    expect(useDrafts.getState().drafts.create.params.image).toBe('pending-upload:carry/up-demo')

    api.answer('uploads.carry', carried('up-later'))
    const fields: FieldSpec[] = [{ key: 'image', path: 'u1Params.image', label: 'Image', kind: 'uri', required: true, nullable: false }]
    const renewal = await renewExpiredInputs('create', fields)
    expect(renewal).toEqual({ ok: true, renewed: { 'pending-upload:carry/up-demo': 'https://cdn.example.com/uploads/up-later.png' }, missing: [] })
    expect(api.callsTo('uploads.carry')).toEqual([{ uploadId: 'up-demo' }, { uploadId: 'up-demo' }, { uploadId: 'up-demo' }])
  })

  it('stay as they are while the service does not change, and uploads kept before uploads named their service are taken as its', async () => {
    resetStore(useUploads)
    useUploads.getState().add(demoUpload({ service: undefined }))
    await followService(DEMO)
    await followService(appInfo({ libraryDir: '/elsewhere' }))
    expect(useUploads.getState().byUrl[DEMO_URL]?.service).toBe(serviceOf(DEMO))
    expect(useDrafts.getState().drafts.create.params.image).toBe(DEMO_URL)
    expect(api.callsTo('uploads.carry')).toEqual([])
  })

  it('follow a demo service that listens on another port after a restart, and forget uploads no draft names', async () => {
    useUploads.getState().add(demoUpload({ uploadId: 'up-unused', url: 'http://127.0.0.1:8787/cdn/uploads/up-unused/x.png' }))
    api.answer('uploads.carry', carried('up-demo-2'))
    await followService(appInfo({ baseUrl: 'http://127.0.0.1:9999' }))
    expect(api.callsTo('uploads.carry')).toEqual([{ uploadId: 'up-demo' }])
    expect(useDrafts.getState().drafts.create.params.image).toBe('https://cdn.example.com/uploads/up-demo-2.png')
    expect(Object.keys(useUploads.getState().byUrl)).toEqual(['https://cdn.example.com/uploads/up-demo-2.png'])
  })
})
