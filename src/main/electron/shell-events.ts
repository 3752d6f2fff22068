// Events the desktop shell raises for the page itself (a clicked notification asks the
// page to open what it was about), forwarded like the controller's.
import type { NotificationTarget } from '../../shared/app/notifications'
import type { AppEvent, EventPayload } from '../../shared/contract'
import type { AppEventSource } from './ipc-router'

export interface ShellEvents extends AppEventSource {
  emit(e: AppEvent): void
}

export function createShellEvents(): ShellEvents {
  const listeners = new Set<(e: AppEvent) => void>()
  return {
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit(e) {
      for (const l of listeners) l(e)
    }
  }
}

/** A click on a notification: the window comes forward (made again if it was closed), and its page opens the target. */
export function openFromNotification(openWindow: () => void, events: ShellEvents): (target: NotificationTarget) => void {
  return (target) => {
    openWindow()
    events.emit({ name: 'notification.open', payload: target })
  }
}

/**
 * A menu item for the page: the window comes forward (made again if it was closed), and
 * its page runs the command. Through the relay, which keeps it for a page still loading.
 */
export function menuCommand(openWindow: () => void, events: ShellEvents, command: EventPayload<'menu.command'>['command']): () => void {
  return () => {
    openWindow()
    events.emit({ name: 'menu.command', payload: { command } })
  }
}
