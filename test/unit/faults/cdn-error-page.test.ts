// An HTML error page where an output belongs (a captive portal, a CDN edge in trouble,
// answering 200) says nothing about the file: the output waits and is tried again, and
// the user is told why. Only the service's 404 or 410 marks it lost.
import { createHash } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { findOutputs } from '../../../src/main/core/library/output-urls'
import { cleanupAfterEach } from '../support/cleanup'
import { startDemoEngine } from '../support/demo-engine'
import { savedFileSha256 } from '../support/saved-file'
import { NO_PROXY_FAULTS, startFaultProxy } from './fault-proxy'

const cleanup = cleanupAfterEach()

describe('a CDN error page instead of an output', () => {
  it('keeps the output waiting with the reason, never lost, and saves the CDN bytes once the page goes', async () => {
    const { sim, proxy, engine, views } = await startDemoEngine(cleanup, {
      prefix: 'cdn-error-page-',
      via: (service) => startFaultProxy(service.url, 1, { ...NO_PROXY_FAULTS, errorPage: 1 })
    })

    const record = await engine.submit({ model: 'i1-1', prompt: 'behind a captive portal' })
    // Tried more than once, and the job says it is waiting, and why.
    await vi.waitFor(() => {
      expect(proxy.counts.errorPage).toBeGreaterThanOrEqual(2)
      expect(views.some((v) => v.localId === record.id && Boolean(v.saveWaiting))).toBe(true)
    }, { timeout: 20_000, interval: 25 })
    const waiting = views.findLast((v) => v.localId === record.id && v.saveWaiting)
    expect(waiting?.saveWaiting?.reason).toMatch(/is not image/)

    proxy.faults = { ...NO_PROXY_FAULTS }
    engine.retrySavingNow()
    await engine.settle(20_000)

    const jobId = engine.job(record.id)!.jobId!
    const file = engine.getEntry(jobId)!.files[0]!
    expect(file.state).toBe('saved')
    expect(views.filter((v) => v.localId === record.id).map((v) => v.saved)).not.toContain('lost')
    const job = (await (await fetch(`${sim.url}/v2/jobs/${jobId}`, { headers: { 'X-API-Key': sim.apiKey } })).json()) as { result: unknown }
    const [output] = findOutputs(job.result)
    const cdn = createHash('sha256').update(Buffer.from(await (await fetch(output!.url)).arrayBuffer())).digest('hex')
    expect(await savedFileSha256((await engine.resolveLibraryFile(file.path!))!)).toBe(cdn)
  })
})
