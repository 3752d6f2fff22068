// The spending limits are one setting of the data folder, shared by the app and the
// command line: a limit set with `cli limits` while the app runs is set in the app (handed
// to it) and holds for the page's sends; one set in the app holds for a command-line
// submit, handed to the app or run by itself once the app is closed; one set by the
// command line with no app running holds in the app when it starts. A submit the app
// refuses for a limit exits 9 naming it, and `--yes` goes with a handed submit.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handOver } from '../../../src/main/cli/hand-over'
import { lockFolder } from '../../../src/main/core/fs/folder-lock'
import { startSimulator, type Simulator } from '../../../src/simulator'
import type { Settings } from '../../../src/shared/app/settings'
import type { HandoverCommand } from '../../../src/shared/app/handover'
import { cleanupAfterEach } from '../support/cleanup'
import { startLiveApp } from '../support/live-app'
import { runCli } from './run-cli'

const LIVE_KEY = 'mgk_live0123456789abcdef0123456789ab'
const cleanup = cleanupAfterEach()
let sim: Simulator
let serviceDir: string

beforeAll(async () => {
  serviceDir = await mkdtemp(join(tmpdir(), 'limits-app-service-'))
  sim = await startSimulator({ port: 0, speed: 50, apiKey: LIVE_KEY, dataDir: serviceDir, log: () => undefined })
})
afterAll(async () => {
  await sim?.close()
  await rm(serviceDir, { recursive: true, force: true })
})

/** The command line's handover in this process, as `npm run cli -- <command>` runs it. */
async function handed(appDir: string, command: HandoverCommand, options: Record<string, string | boolean>) {
  const out: string[] = []
  const err: string[] = []
  const code = await handOver(command, { dataDir: appDir, options, rest: [], out: (l) => out.push(l), err: (l) => err.push(l), startedAt: Date.now() })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

/** A page's send of an i1-1 job (3 credits): its refusal's code and message, or 'sent'. */
async function pageSend(controller: { dispatch(route: string, input: unknown): Promise<{ ok: boolean; error?: { code: string; message: string } }> }) {
  const r = await controller.dispatch('jobs.submit', { request: { model: 'i1-1', prompt: 'from the page' } })
  return r.ok ? 'sent' : `${r.error!.code}: ${r.error!.message}`
}

const settingsOnDisk = async (dir: string) => (JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')) as { settings: Settings }).settings

describe('spending limits, one setting for the app and the command line', () => {
  it('a limit set by `cli limits` while the app runs is set in the app, which holds the page to it', async () => {
    const { appDir, controller, ok } = await startLiveApp(cleanup, sim, LIVE_KEY)
    const set = await runCli(appDir, ['limits', '--daily', '2'])
    expect(set.code, set.err).toBe(0)
    expect(set.err).toContain(`(pid ${process.pid})`)
    expect(set.out).toContain('daily limit:      2 credits (0 spent today, 2 left)')
    expect((await ok<Settings>('settings.get', {})).dailyCreditLimit).toBe(2)
    expect((await settingsOnDisk(appDir)).dailyCreditLimit).toBe(2)
    const before = sim.jobCount()
    expect(await pageSend(controller)).toBe('over_limit: Daily limit of 2 credits: 0 spent today, this send costs 3 — nothing was sent.')
    expect(sim.jobCount()).toBe(before)
    // Showing them reads the same setting.
    expect((await runCli(appDir, ['limits'])).out).toContain('daily limit:      2 credits')
  }, 120_000)

  it('a limit set in the app holds for a command-line submit, handed to the app or run by itself', async () => {
    const { appDir, controller, ok } = await startLiveApp(cleanup, sim, LIVE_KEY)
    await ok('settings.update', { dailyCreditLimit: 4 })
    const before = sim.jobCount()
    expect((await handed(appDir, 'submit', { model: 'i1-1', prompt: 'first' })).code).toBe(0)
    const over = await handed(appDir, 'submit', { model: 'i1-1', prompt: 'second' })
    expect(over.code, over.err).toBe(9)
    expect(over.out).toBe('')
    expect(over.err).toContain('error: Daily limit of 4 credits: 3 spent today, this send costs 3 — nothing was sent.')
    expect(sim.jobCount() - before).toBe(1)

    await controller.close()
    const alone = await runCli(appDir, ['--base-url', sim.url, 'submit', '--model', 'i1-1', '--prompt', 'third'], { env: { MEDIAGEN_API_KEY: LIVE_KEY } })
    expect(alone.code, alone.out + alone.err).toBe(9)
    expect(alone.err).not.toContain('Handed to')
    expect(alone.err).toContain('error: Daily limit of 4 credits: 3 spent today, this send costs 3 — nothing was sent.')
    expect(sim.jobCount() - before).toBe(1)
  }, 120_000)

  it('a handed submit above the app\'s ask-first threshold goes only with --yes', async () => {
    const { appDir, ok } = await startLiveApp(cleanup, sim, LIVE_KEY)
    await ok('settings.update', { askAboveCredits: 2 })
    const before = sim.jobCount()
    const asked = await handed(appDir, 'submit', { model: 'i1-1', prompt: 'asked' })
    expect(asked.code, asked.err).toBe(9)
    expect(asked.err).toContain('error: This send costs 3 credits, above your ask-first threshold of 2 — nothing was sent; add --yes to send it.')
    expect(sim.jobCount()).toBe(before)
    const yes = await handed(appDir, 'submit', { model: 'i1-1', prompt: 'asked', yes: true })
    expect(yes.code, yes.err).toBe(0)
    expect(sim.jobCount() - before).toBe(1)
  }, 120_000)

  it('a limit set by the command line with no app running holds in the app once it starts', async () => {
    const appDir = await cleanup.tempDir('limits-first-')
    expect((await runCli(appDir, ['limits', '--monthly', '1'])).code).toBe(0)
    const { controller, ok } = await startLiveApp(cleanup, sim, LIVE_KEY, appDir)
    expect((await ok<Settings>('settings.get', {})).monthlyCreditLimit).toBe(1)
    expect(await pageSend(controller)).toMatch(/^over_limit: Monthly limit of 1 credit: /)
  }, 120_000)

  it('a change of limits on a folder held by a process that does not take it exits 10 and writes nothing; showing them still works', async () => {
    const appDir = await cleanup.tempDir('limits-held-')
    await mkdir(join(appDir, 'live'), { recursive: true })
    cleanup.defer(await lockFolder(join(appDir, 'live')))
    const set = await runCli(appDir, ['limits', '--daily', '5'])
    expect(set.code).toBe(10)
    expect(set.err).toContain(`folder held by pid ${process.pid}`)
    await expect(readFile(join(appDir, 'settings.json'))).rejects.toThrow()
    const shown = await runCli(appDir, ['limits'])
    expect(shown.code, shown.err).toBe(0)
    expect(shown.out).toContain('daily limit:      off')
  }, 60_000)
})
