import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { jobListSchema, resultImageSchema } from '../../../src/shared/api'
import { call, download, getJob, manualClock, route, startTestSim, submit, waitFor, waitForJob } from './helpers'

async function completedImageUrl(sim: Awaited<ReturnType<typeof startTestSim>>): Promise<{ id: string; url: string }> {
  const id = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'ranges' })
  const job = await waitForJob(sim, id)
  return { id, url: resultImageSchema.parse(job.result).images[0] ?? '' }
}

describe('demo service: CDN', () => {
  it('serves files with validators and honours Range, If-Range and If-None-Match', async () => {
    const sim = await startTestSim()
    const { url } = await completedImageUrl(sim)
    const full = await download(url)
    const size = full.bytes.length
    expect(full.status).toBe(200)
    expect(full.headers.get('content-length')).toBe(String(size))
    expect(full.headers.get('accept-ranges')).toBe('bytes')
    const etag = full.headers.get('etag') ?? ''
    const lastModified = full.headers.get('last-modified') ?? ''
    expect(etag).toMatch(/^".+"$/)
    expect(new Date(lastModified).getTime()).toBeGreaterThan(0)

    const part = await download(url, { range: 'bytes=10-19' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${size}`)
    expect(part.headers.get('content-length')).toBe('10')
    expect(part.bytes.equals(full.bytes.subarray(10, 20))).toBe(true)

    const open = await download(url, { range: `bytes=${size - 7}-` })
    expect(open.bytes.equals(full.bytes.subarray(size - 7))).toBe(true)
    const suffix = await download(url, { range: 'bytes=-5' })
    expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 5}-${size - 1}/${size}`)
    expect(suffix.bytes.equals(full.bytes.subarray(size - 5))).toBe(true)

    const same = await download(url, { range: 'bytes=0-3', 'if-range': etag })
    expect(same.status).toBe(206)
    const sameDate = await download(url, { range: 'bytes=0-3', 'if-range': lastModified })
    expect(sameDate.status).toBe(206)
    const changed = await download(url, { range: 'bytes=0-3', 'if-range': '"another-version"' })
    expect(changed.status).toBe(200)
    expect(changed.bytes.length).toBe(size)

    const backwards = await download(url, { range: 'bytes=9-2' })
    expect(backwards.status).toBe(200)
    const beyond = await download(url, { range: `bytes=${size}-` })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`)

    const notModified = await download(url, { 'if-none-match': etag })
    expect(notModified.status).toBe(304)
    const head = await fetch(url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(size))

    expect((await download(`${sim.url}/cdn/jobs/not-a-job/image-1.png`)).status).toBe(404)
    expect((await download(`${url}.bak`)).status).toBe(404)
  })

  it('purges outputs after the retention period: 404 and expired: true', async () => {
    const clock = manualClock()
    const sim = await startTestSim({ retentionSeconds: 60, now: clock.now })
    const { id, url } = await completedImageUrl(sim)
    expect((await download(url)).status).toBe(200)
    expect((await getJob(sim, id)).expired).toBe(false)

    clock.advance(59_000)
    expect((await download(url)).status).toBe(200)
    clock.advance(2_000)
    expect((await download(url)).status).toBe(404)
    const job = await getJob(sim, id)
    expect(job.expired).toBe(true)
    expect(job.status).toBe('COMPLETED')
    const list = jobListSchema.parse((await call(sim, 'GET', route('listJobs'))).body)
    expect(list.jobs[0]?.expired).toBe(true)
    await waitFor(() => (existsSync(join(sim.filesDir, 'jobs', id)) ? undefined : true), 5000, 'the files to be deleted')
  })
})
