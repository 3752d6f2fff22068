// `limits` shows and sets the spending limits in the data folder's shared settings (the
// file the app and `serve` keep), without a key; a `submit` past one exits 9 naming it,
// with nothing sent, and one above the ask-first threshold goes only with --yes.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startSimulator, type Simulator } from '../../../src/simulator'
import { cleanupAfterEach } from '../support/cleanup'
import { runCli } from './run-cli'

const cleanup = cleanupAfterEach()
let sim: Simulator
let data: string

async function setUp(): Promise<void> {
  const dir = await cleanup.tempDir('cli-limits-')
  sim = await startSimulator({ port: 0, speed: 20, dataDir: join(dir, 'service') })
  cleanup.defer(() => sim.close())
  data = join(dir, 'app')
}

const submit = (...args: string[]) => runCli(data, ['--base-url', sim.url, 'submit', '--model', 'i1-1', '--prompt', 'a lighthouse', ...args], { env: { MEDIAGEN_API_KEY: sim.apiKey } })

describe('cli limits', () => {
  it('sets the limits, and a submit past the daily one exits 9 naming it, with nothing sent', async () => {
    await setUp()
    const none = await runCli(data, ['limits'])
    expect(none.code, none.err).toBe(0)
    expect(none.out).toContain('daily limit:      off (0 spent today)')

    const set = await runCli(data, ['limits', '--daily', '7', '--monthly', '1000'])
    expect(set.code, set.err).toBe(0)
    expect(set.out).toContain('daily limit:      7 credits (0 spent today, 7 left)')
    expect(set.out).toContain('monthly limit:    1,000 credits (0 spent this month, 1,000 left)')
    expect(set.out).toMatch(/Days start at local midnight and months on the 1st \(time zone .+\)\./)
    const file = JSON.parse(await readFile(join(data, 'settings.json'), 'utf8')) as { settings: Record<string, unknown> }
    expect(file.settings).toMatchObject({ dailyCreditLimit: 7, monthlyCreditLimit: 1000, askAboveCredits: null })

    expect((await submit()).code).toBe(0)
    // The command line's own settings keep its base URL, not the limits: those are the folder's one setting.
    const own = JSON.parse(await readFile(join(data, 'cli-settings.json'), 'utf8')) as { settings: Record<string, unknown> }
    expect(own.settings.dailyCreditLimit ?? null).toBeNull()
    expect((await submit()).code).toBe(0)
    const over = await submit()
    expect(over.code, over.out + over.err).toBe(9)
    expect(over.out).toBe('')
    expect(over.err.split('\n')).toContain('error: Daily limit of 7 credits: 6 spent today, this send costs 3 — nothing was sent.')
    expect(sim.jobCount()).toBe(2)

    const after = await runCli(data, ['limits'])
    expect(after.out).toContain('daily limit:      7 credits (6 spent today, 1 left)')
  }, 120_000)

  it('sends above the ask-first threshold only with --yes; off clears a limit', async () => {
    await setUp()
    expect((await runCli(data, ['limits', '--ask-above', '2'])).code).toBe(0)
    const asked = await submit()
    expect(asked.code, asked.out + asked.err).toBe(9)
    expect(asked.err.split('\n')).toContain('error: This send costs 3 credits, above your ask-first threshold of 2 — nothing was sent; add --yes to send it.')
    expect(sim.jobCount()).toBe(0)
    expect((await submit('--yes')).code).toBe(0)

    const cleared = await runCli(data, ['limits', '--ask-above', 'off'])
    expect(cleared.out).toContain('ask first above:  off')
    expect((await submit()).code).toBe(0)
    expect(sim.jobCount()).toBe(2)
  }, 120_000)

  it('refuses a limit that is not a whole number of credits, naming the option', async () => {
    await setUp()
    const bad = await runCli(data, ['limits', '--daily', 'lots'])
    expect(bad.code).toBe(64)
    expect(bad.err).toContain('--daily: must be a whole number of credits (0 or more) or off (got ’lots’)')
  })
})
