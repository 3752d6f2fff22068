// The settings file's schema versions. Electron-free, so migrations can be tested under
// plain Node.

type Raw = Record<string, unknown>
/** The stored file: `{schemaVersion, settings}`; either may be missing or malformed. */
export type SettingsFile = { schemaVersion?: unknown; settings?: unknown }

/**
 * MIGRATIONS[n] turns the settings object of schema version n into version n + 1. To
 * change the stored shape, append one function; SCHEMA_VERSION follows the list length.
 */
const MIGRATIONS: ReadonlyArray<(settings: Raw) => Raw> = [
  // 0 -> 1: the first versioned layout; nothing older was ever written.
  (settings) => settings
]
export const SCHEMA_VERSION = MIGRATIONS.length

function asObject(value: unknown): Raw {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {}
}

/**
 * Brings a stored object up to SCHEMA_VERSION. A file from a newer app is read as it is
 * (the schema keeps the fields it knows) and is written back in this version's shape.
 */
export function migrate(file: SettingsFile): { version: number; settings: Raw } {
  const stored = typeof file.schemaVersion === 'number' && Number.isInteger(file.schemaVersion) && file.schemaVersion >= 0 ? file.schemaVersion : 0
  let settings = asObject(file.settings)
  for (let v = stored; v < SCHEMA_VERSION; v++) {
    const step = MIGRATIONS[v]
    if (step) settings = step(settings)
  }
  return { version: Math.max(stored, SCHEMA_VERSION), settings }
}
