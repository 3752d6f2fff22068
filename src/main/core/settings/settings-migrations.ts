// The settings file's schema versions. Every shell (Electron, the Node host, the command
// line) writes the same file, `{schemaVersion, settings}`, and reads any earlier one.

type Raw = Record<string, unknown>
/** The stored file: `{schemaVersion, settings}`; either may be missing or malformed. */
export type SettingsFile = { schemaVersion?: unknown; settings?: unknown }

/**
 * MIGRATIONS[n] turns the settings object of schema version n into version n + 1. To
 * change the stored shape, append one function; SCHEMA_VERSION follows the list length.
 */
const MIGRATIONS: ReadonlyArray<(settings: Raw) => Raw> = [
  // 0 -> 1: the first versioned layout. Version 0 is the Node host's and the command
  // line's bare settings object (see asSettingsFile); its fields are those of version 1.
  (settings) => settings
]
export const SCHEMA_VERSION = MIGRATIONS.length

function asObject(value: unknown): Raw {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {}
}

/**
 * What a parsed settings file holds, as a versioned file. The Node host and the command
 * line used to write the settings object alone, which never has a `schemaVersion` or a
 * `settings` field: such a file is version 0.
 */
export function asSettingsFile(parsed: Raw): SettingsFile {
  if ('schemaVersion' in parsed || 'settings' in parsed) return parsed
  return { schemaVersion: 0, settings: parsed }
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
