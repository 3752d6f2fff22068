// A draft restored after the hour an upload lasts must not send its dead URL: the input goes
// up again from the library's copy, or, with no copy, the field asks for the file again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { expiredNoCopy, isExpired, renewedUrl, renewExpiredInputs, withRenewedUrls } from '../../../../src/renderer/components/inputs/renew-uploads'
import type { FieldSpec } from '../../../../src/renderer/forms/field-spec'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useUploads, type UploadRef } from '../../../../src/renderer/stores/uploads'
import { installFakeApi } from '../fake-api'
import { resetStore } from '../fixtures'

const api = installFakeApi()
const START = new Date('2025-06-01T10:00:00.000Z')
const HOUR = 3_600_000

const field = (key: string, kind: 'uri' | 'uri-list'): FieldSpec => ({ key, path: `i11Params.${key}`, label: key, kind, required: false, nullable: false })
const FIELDS = [field('image_url', 'uri'), field('reference_images', 'uri-list')]

function upload(url: string, localPath: string | null): UploadRef {
  return { uploadId: `up-${url}`, url, fileName: `${url}.png`, kind: 'image', preview: null, expiresAt: new Date(START.getTime() + HOUR).toISOString(), localPath }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(START)
  api.reset()
  resetStore(useDrafts)
  resetStore(useUploads)
  let n = 0
  api.handle('uploads.renew', ({ path }) => {
    n++
    return { ok: true, data: { id: `renewed-${n}`, url: `https://svc/u/renewed-${n}`, kind: 'image', contentType: 'image/png', byteSize: 10, expiresAt: new Date(Date.now() + HOUR).toISOString(), localPath: path } }
  })
  useDrafts.getState().setModel('create', 'i11-1', 'image')
})
afterEach(() => vi.useRealTimers())

describe('expired uploads in a draft', () => {
  it('leaves an upload alone while it still has time', async () => {
    useUploads.getState().add(upload('https://svc/u/a', 'inputs/a.png'))
    useDrafts.getState().setParam('create', 'image_url', 'https://svc/u/a', 'i11Params.image_url')
    vi.setSystemTime(START.getTime() + 30 * 60_000)
    const r = await renewExpiredInputs('create', FIELDS)
    expect(r).toEqual({ ok: true, renewed: {}, missing: [] })
    expect(api.callsTo('uploads.renew')).toEqual([])
  })

  it('uploads an expired input again from the library\'s copy and swaps the new URL in', async () => {
    useUploads.getState().add(upload('https://svc/u/a', 'inputs/a.png'))
    useDrafts.getState().setParam('create', 'image_url', 'https://svc/u/a', 'i11Params.image_url')
    vi.setSystemTime(START.getTime() + HOUR + 1)
    expect(isExpired(useUploads.getState().byUrl['https://svc/u/a']!)).toBe(true)

    const r = await renewExpiredInputs('create', FIELDS)
    expect(api.callsTo('uploads.renew')).toEqual([{ path: 'inputs/a.png' }])
    expect(r).toEqual({ ok: true, renewed: { 'https://svc/u/a': 'https://svc/u/renewed-1' }, missing: [] })
    expect(useDrafts.getState().drafts.create.params.image_url).toBe('https://svc/u/renewed-1')
    // The new upload is known, so the library records the input and the preview stays.
    expect(useUploads.getState().byUrl['https://svc/u/renewed-1']).toMatchObject({ uploadId: 'renewed-1', fileName: 'https://svc/u/a.png', localPath: 'inputs/a.png' })
    expect(withRenewedUrls({ i11Params: { image_url: 'https://svc/u/a', n: 2 }, prompt: 'p' }, r.ok ? r.renewed : {})).toEqual({ i11Params: { image_url: 'https://svc/u/renewed-1', n: 2 }, prompt: 'p' })
  })

  it('renews one item of a list and clears one with no copy, naming the field', async () => {
    useUploads.getState().add(upload('https://svc/u/a', 'inputs/a.png'))
    useUploads.getState().add(upload('https://svc/u/b', null))
    useDrafts.getState().setParam('create', 'reference_images', ['https://svc/u/a', 'https://svc/u/b'], 'i11Params.reference_images')
    useDrafts.getState().setParam('create', 'image_url', 'https://svc/u/b', 'i11Params.image_url')
    vi.setSystemTime(START.getTime() + 2 * HOUR)

    const r = await renewExpiredInputs('create', FIELDS)
    expect(r).toMatchObject({ ok: true, missing: ['i11Params.image_url', 'i11Params.reference_images'] })
    const draft = useDrafts.getState().drafts.create
    expect(draft.params.image_url).toBeUndefined()
    expect(draft.params.reference_images).toEqual(['https://svc/u/renewed-1'])
    expect(draft.serverDetails).toEqual({ 'i11Params.image_url': [expiredNoCopy()], 'i11Params.reference_images': [expiredNoCopy()] })
  })

  it('uploads a library output chosen while the service was unreachable, from the library', async () => {
    api.answer('uploads.fromLibrary', { id: 'lib-up', url: 'https://svc/u/lib', kind: 'image', contentType: 'image/png', byteSize: 10, expiresAt: new Date(Date.now() + HOUR).toISOString(), localPath: 'inputs/l.png' })
    const pending: UploadRef = { ...upload('pending-upload:job-9/0', 'files/job-9/0.png'), expiresAt: new Date(0).toISOString(), libraryItem: { jobId: 'job-9', index: 0 }, pending: true }
    useUploads.getState().add(pending)
    useDrafts.getState().setParam('create', 'image_url', pending.url, 'i11Params.image_url')
    const r = await renewExpiredInputs('create', FIELDS)
    expect(api.callsTo('uploads.fromLibrary')).toEqual([{ jobId: 'job-9', index: 0 }])
    expect(api.callsTo('uploads.renew')).toEqual([])
    expect(r).toEqual({ ok: true, renewed: { 'pending-upload:job-9/0': 'https://svc/u/lib' }, missing: [] })
    expect(useUploads.getState().byUrl['https://svc/u/lib']).toMatchObject({ libraryItem: { jobId: 'job-9', index: 0 } })
    expect(useUploads.getState().byUrl['https://svc/u/lib']).not.toHaveProperty('pending')
  })

  it('falls back to the kept copy when the library output it came from was deleted', async () => {
    api.fail('uploads.fromLibrary', { code: 'not_found', message: 'That output is not saved in the library' })
    useUploads.getState().add({ ...upload('https://svc/u/a', 'inputs/a.png'), libraryItem: { jobId: 'gone', index: 0 } })
    useDrafts.getState().setParam('create', 'image_url', 'https://svc/u/a', 'i11Params.image_url')
    vi.setSystemTime(START.getTime() + 2 * HOUR)
    const r = await renewExpiredInputs('create', FIELDS)
    expect(api.callsTo('uploads.renew')).toEqual([{ path: 'inputs/a.png' }])
    expect(r).toMatchObject({ ok: true, renewed: { 'https://svc/u/a': 'https://svc/u/renewed-1' } })
  })

  it('answers for one URL, as the legacy form asks: itself, a new URL, or none', async () => {
    useUploads.getState().add(upload('https://svc/u/a', 'inputs/a.png'))
    useUploads.getState().add(upload('https://svc/u/b', null))
    expect(await renewedUrl('https://elsewhere.example/pic.png')).toBe('https://elsewhere.example/pic.png')
    expect(await renewedUrl('https://svc/u/a')).toBe('https://svc/u/a')
    vi.setSystemTime(START.getTime() + 2 * HOUR)
    expect(await renewedUrl('https://svc/u/a')).toBe('https://svc/u/renewed-1')
    expect(await renewedUrl('https://svc/u/b')).toBeNull()
  })

  it('stops with a message when the copy cannot be sent again', async () => {
    api.fail('uploads.renew', { code: 'network', message: 'The service cannot be reached' })
    useUploads.getState().add(upload('https://svc/u/a', 'inputs/a.png'))
    useDrafts.getState().setParam('create', 'image_url', 'https://svc/u/a', 'i11Params.image_url')
    vi.setSystemTime(START.getTime() + 2 * HOUR)
    const r = await renewExpiredInputs('create', FIELDS)
    expect(r).toEqual({ ok: false, message: 'Could not upload https://svc/u/a.png again: The service cannot be reached' })
    expect(useDrafts.getState().drafts.create.params.image_url).toBe('https://svc/u/a')
  })

  it('keeps uploads across a restart, without the session\'s blob previews', async () => {
    useUploads.getState().add({ ...upload('https://svc/u/a', 'inputs/a.png'), preview: 'blob:abc' })
    vi.resetModules()
    const again = await import('../../../../src/renderer/stores/uploads')
    expect(again.useUploads.getState().byUrl['https://svc/u/a']).toMatchObject({ uploadId: 'up-https://svc/u/a', localPath: 'inputs/a.png', preview: null })
  })
})
