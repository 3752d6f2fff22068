import { describe, expect, it } from 'vitest'
import { startSimulator } from '../../../src/simulator'
import { parseCli, UsageError } from '../../../src/simulator/cli-options'
import { DEFAULT_RATE_LIMIT } from '../../../src/simulator/rate-limit'
import { call, route, startTestSim } from './helpers'

describe('demo service: command-line options', () => {
  it('--rate-limit N sets N requests per second per caller; off turns it off; absent keeps the default', () => {
    expect(parseCli(['--rate-limit', '5']).rateLimit).toEqual({ perSecond: 5, burst: 10 })
    expect(parseCli(['--rate-limit', '0.5']).rateLimit).toEqual({ perSecond: 0.5, burst: 1 })
    expect(parseCli(['--rate-limit', 'off']).rateLimit).toBe(false)
    expect(parseCli(['--rate-limit=OFF']).rateLimit).toBe(false)
    expect(parseCli([]).rateLimit).toBeUndefined()
    // `--rate-limit 20` is the default limit, spelled out.
    expect(parseCli(['--rate-limit', '20']).rateLimit).toEqual(DEFAULT_RATE_LIMIT)
  })

  it.each(['fast', '0', '-3', '', 'Infinity', '1e999'])('refuses --rate-limit %j with a message naming the flag', (value) => {
    // The `=` form, since parseArgs takes "-3" after a space for another option.
    expect(() => parseCli([`--rate-limit=${value}`])).toThrow(UsageError)
    expect(() => parseCli([`--rate-limit=${value}`])).toThrow(/--rate-limit needs a positive number of requests per second, or "off"/)
  })

  it('names the flag when its value is missing or the flag is unknown', () => {
    expect(() => parseCli(['--rate-limit'])).toThrow(/--rate-limit/)
    expect(() => parseCli(['--rate-limits', '3'])).toThrow(/--rate-limits/)
  })

  it('--sign-models lists the models whose pictures carry Content Credentials; none signs nothing; absent keeps the default', () => {
    expect(parseCli(['--sign-models', 'i3-1,i6-1']).signModels).toEqual(['i3-1', 'i6-1'])
    expect(parseCli(['--sign-models', ' i6-1 , ']).signModels).toEqual(['i6-1'])
    expect(parseCli(['--sign-models', 'none']).signModels).toEqual([])
    expect(parseCli([]).signModels).toBeUndefined()
  })

  it.each([['i99-1', /no such model: i99-1/], ['i6-1,nope', /no such model: nope/], [',', /got ","/]])('refuses --sign-models %j, naming the flag and the model', (value, why) => {
    expect(() => parseCli([`--sign-models=${value}`])).toThrow(UsageError)
    expect(() => parseCli([`--sign-models=${value}`])).toThrow(/--sign-models needs model ids/)
    expect(() => parseCli([`--sign-models=${value}`])).toThrow(why)
  })

  it('startSimulator refuses to sign for a model it does not offer', async () => {
    await expect(startSimulator({ signModels: ['i6-1', 'x9-9'] })).rejects.toThrow(/signModels: no such model: x9-9/)
  })

  it('startSimulator refuses a limit no request could pass', async () => {
    await expect(startSimulator({ rateLimit: { perSecond: 0, burst: 5 } })).rejects.toThrow(/rateLimit.perSecond/)
    await expect(startSimulator({ rateLimit: { perSecond: 1, burst: 0 } })).rejects.toThrow(/rateLimit.burst/)
  })

  it('a limit from the command line is enforced per caller', async () => {
    const limit = parseCli(['--rate-limit', '1']).rateLimit
    const sim = await startTestSim({ rateLimit: limit })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await call(sim, 'GET', route('me'))).status)
    expect(statuses.slice(0, 2)).toEqual([200, 200])
    expect(statuses).toContain(429)
  })
})
