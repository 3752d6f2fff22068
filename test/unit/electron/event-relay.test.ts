// The window's notices wait until its page listens: the first one (why the engine could
// not start) comes while the page is still loading, when Electron would drop it.
import { describe, expect, it } from 'vitest'
import { createEventRelay } from '../../../src/main/electron/event-relay'
import type { AppEvent } from '../../../src/shared/contract'

const notice = (message: string): AppEvent => ({ name: 'notice', payload: { level: 'error', message } })

function relayFor(page: { id: number | null }) {
  const sent: AppEvent[] = []
  const relay = createEventRelay({ currentPage: () => page.id, send: (e) => sent.push(e) })
  return { relay, sent }
}

describe('event relay to the window', () => {
  it('keeps notices raised before the page listens and hands them over, in order, when it does', () => {
    const page = { id: null as number | null }
    const { relay, sent } = relayFor(page)
    relay.push(notice('The engine could not start: the disk is full.'))
    page.id = 7
    relay.push(notice('second'))
    relay.push({ name: 'app.changed', payload: {} as never })
    expect(sent).toEqual([])
    relay.pageListening(7)
    expect(sent).toEqual([notice('The engine could not start: the disk is full.'), notice('second')])
    relay.push(notice('third'))
    expect(sent.at(-1)).toEqual(notice('third'))
  })

  it('holds notices for a new window until its own page listens', () => {
    const page = { id: 1 as number | null }
    const { relay, sent } = relayFor(page)
    relay.pageListening(1)
    page.id = 2
    relay.push(notice('while the new window loads'))
    relay.pageListening(1)
    expect(sent).toEqual([])
    relay.pageListening(2)
    expect(sent).toEqual([notice('while the new window loads')])
  })

  it('keeps the last click on a notification for a window still loading, so its page opens the result', () => {
    const page = { id: null as number | null }
    const { relay, sent } = relayFor(page)
    const open = (jobId: string): AppEvent => ({ name: 'notification.open', payload: { view: 'gallery', jobId } })
    relay.push(open('job-1'))
    relay.push(open('job-2'))
    page.id = 3
    relay.pageListening(3)
    expect(sent).toEqual([open('job-2')])
    relay.push(open('job-3'))
    expect(sent.at(-1)).toEqual(open('job-3'))
  })

  it('keeps the last menu command for a window still loading, so its page acts on it', () => {
    const page = { id: null as number | null }
    const { relay, sent } = relayFor(page)
    const command: AppEvent = { name: 'menu.command', payload: { command: 'new-generation' } }
    relay.push(command)
    page.id = 4
    expect(sent).toEqual([])
    relay.pageListening(4)
    expect(sent).toEqual([command])
    relay.pageListening(4)
    expect(sent).toEqual([command])
  })
})
