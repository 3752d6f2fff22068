// The names of the events main sends the page, apart from their payloads' schemas (which
// are in contract.ts, checked there to cover exactly these names). The page's transport
// listens for them from its first moment, before the schemas have been built.
export const EVENT_NAMES = [
  'job.updated',
  'job.removed',
  'library.updated',
  'library.removed',
  'account.updated',
  'catalog.changed',
  'app.changed',
  'library.moveProgress',
  'library.importProgress',
  'menu.command',
  'notification',
  'notification.open',
  'notice',
  'update.changed',
  'library.lookProgress',
  'smartCollections.countsChanged'
] as const

export type EventName = (typeof EVENT_NAMES)[number]
