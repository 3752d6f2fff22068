// The engine's notices on their way to the page: a look at the service refused for the key
// is not told again while Settings says the key was rejected; every other notice is told,
// even one whose words look the same.
import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { AppEvents } from '../../../src/main/core/app/app-events'
import { attachEngineEvents } from '../../../src/main/core/app/engine-events'
import type { Engine } from '../../../src/main/core/engine'
import type { Connection } from '../../../src/shared/app/settings'
import type { AppEvent } from '../../../src/shared/contract'

function wired(state: Connection['state']) {
  const engine = new EventEmitter()
  const events = new AppEvents(true, () => undefined)
  const told: string[] = []
  events.on((e: AppEvent) => {
    if (e.name === 'notice') told.push(e.payload.message)
  })
  attachEngineEvents(engine as unknown as Engine, { events, connection: () => ({ state, message: null }), refreshCredits: () => undefined, jobChanged: () => undefined })
  return { engine, told }
}

const REFUSED = 'Could not look for missing jobs: The API key was rejected by the service'

describe("the engine's notices", () => {
  it('leave out a look refused for the key while Settings says the key was rejected', () => {
    const { engine, told } = wired('rejected')
    engine.emit('notice', { level: 'warning', message: REFUSED, cause: 'key-rejected' })
    engine.emit('notice', { level: 'warning', message: 'The disk is full' })
    expect(told).toEqual(['The disk is full'])
  })

  it('tell the same words when they do not come from the key, and tell the refusal when Settings does not say it', () => {
    const rejected = wired('rejected')
    rejected.engine.emit('notice', { level: 'warning', message: `${REFUSED} (quoted in a prompt)` })
    expect(rejected.told).toEqual([`${REFUSED} (quoted in a prompt)`])
    const connected = wired('connected')
    connected.engine.emit('notice', { level: 'warning', message: REFUSED, cause: 'key-rejected' })
    expect(connected.told).toEqual([REFUSED])
  })
})
