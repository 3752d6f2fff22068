// A message for the user as the catalogs know it: a key and the values it takes, rather
// than finished English text. Main sends notices this way beside the text it rendered, so
// the page says them in its own language, and the command line and the OS notifications
// get main's.

/** What a message's placeholders take: text (a name, a path, a reason) or a number (a count, plural-aware). */
export type MessageValues = Record<string, string | number>

export interface Message {
  /** `namespace:path.to.key`, e.g. `main:settings.damaged`. */
  key: string
  values?: MessageValues
}

export function isMessage(value: unknown): value is Message {
  return !!value && typeof value === 'object' && typeof (value as Message).key === 'string'
}
