// Only an unpackaged run may be pointed at another data folder by the environment.
import { describe, expect, it } from 'vitest'
import { userDataOverride } from '../../../src/main/electron/user-data'

describe('data folder override', () => {
  it('takes MEDIAGEN_USER_DATA in an unpackaged run', () => {
    expect(userDataOverride(false, { MEDIAGEN_USER_DATA: '/tmp/profile-2' })).toBe('/tmp/profile-2')
  })

  it('is ignored by a packaged app, and absent or empty means none', () => {
    expect(userDataOverride(true, { MEDIAGEN_USER_DATA: '/tmp/elsewhere' })).toBeNull()
    expect(userDataOverride(false, {})).toBeNull()
    expect(userDataOverride(false, { MEDIAGEN_USER_DATA: '' })).toBeNull()
  })
})
