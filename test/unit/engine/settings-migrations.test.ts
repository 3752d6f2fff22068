// The stored settings file is brought up to the current schema version, whatever state
// it was left in.
import { describe, expect, it } from 'vitest'
import { asSettingsFile, migrate, SCHEMA_VERSION } from '../../../src/main/core/settings/settings-migrations'

describe('settings migrations', () => {
  it('reads a file of the current version as it is', () => {
    const settings = { baseUrl: 'https://api.example.com', webhookPort: 8790 }
    expect(migrate({ schemaVersion: SCHEMA_VERSION, settings })).toEqual({ version: SCHEMA_VERSION, settings })
  })

  it('brings an unversioned file to the current version, keeping its settings', () => {
    expect(migrate({ settings: { notifications: false } })).toEqual({ version: SCHEMA_VERSION, settings: { notifications: false } })
  })

  it('treats a version that is not a whole number of zero or more as unversioned', () => {
    for (const schemaVersion of [-1, 0.5, '1', null, Number.NaN]) {
      expect(migrate({ schemaVersion, settings: { notifications: true } })).toEqual({ version: SCHEMA_VERSION, settings: { notifications: true } })
    }
  })

  it('starts from nothing when the stored settings are not an object', () => {
    for (const settings of [undefined, null, 'x', 42, ['baseUrl']]) {
      expect(migrate({ schemaVersion: SCHEMA_VERSION, settings })).toEqual({ version: SCHEMA_VERSION, settings: {} })
    }
  })

  it('reads a file from a newer app without downgrading its version number', () => {
    const settings = { baseUrl: 'https://api.example.com', futureField: true }
    expect(migrate({ schemaVersion: SCHEMA_VERSION + 3, settings })).toEqual({ version: SCHEMA_VERSION + 3, settings })
  })

  it('reads the bare settings object of the earlier Node host and command line as version 0', () => {
    const bare = { baseUrl: 'https://api.example.com', theme: 'light' }
    expect(asSettingsFile(bare)).toEqual({ schemaVersion: 0, settings: bare })
    expect(migrate(asSettingsFile(bare))).toEqual({ version: SCHEMA_VERSION, settings: bare })
    const versioned = { schemaVersion: SCHEMA_VERSION, settings: bare }
    expect(asSettingsFile(versioned)).toBe(versioned)
    expect(asSettingsFile({ settings: bare })).toEqual({ settings: bare })
  })
})
