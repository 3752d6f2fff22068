// Holds the window's notices until its page listens. Events sent while the page is still
// loading (or before a new window's page subscribed) are dropped by Electron and by the
// preload, and the first notices (say, why the engine could not start) come exactly then.
// The preload says when the page listens; until then notices wait here, in order, and so
// do the last click on a notification and the last menu command (the window either opens
// may be a new one, still loading). Other events are not kept: a page reads jobs, library
// and state when it loads.
import type { AppEvent } from '../../shared/contract'

/** Notices kept while no page listens; older ones beyond this are dropped. */
const MAX_WAITING = 50

export interface EventRelayOptions {
  /** The id of the window's web contents now, or null without a window. */
  currentPage: () => number | null
  /** Sends one event to the current page. */
  send: (e: AppEvent) => void
}

export interface EventRelay {
  /** An event for the page: sent now if it listens, else (a notice) kept for it. */
  push(e: AppEvent): void
  /** The page of these web contents has subscribed to events: it gets what waited. */
  pageListening(pageId: number): void
}

export function createEventRelay(opts: EventRelayOptions): EventRelay {
  let listening: number | null = null
  let waiting: AppEvent[] = []
  let opening: AppEvent | null = null
  let command: AppEvent | null = null
  const pageListens = () => {
    const page = opts.currentPage()
    return page !== null && page === listening
  }
  return {
    push(e) {
      if (pageListens()) opts.send(e)
      else if (e.name === 'notice') waiting = [...waiting, e].slice(-MAX_WAITING)
      else if (e.name === 'notification.open') opening = e
      else if (e.name === 'menu.command') command = e
    },
    pageListening(pageId) {
      listening = pageId
      if (!pageListens()) return
      const held = [...waiting, ...(opening ? [opening] : []), ...(command ? [command] : [])]
      waiting = []
      opening = null
      command = null
      for (const e of held) opts.send(e)
    }
  }
}
