// Settings that hold addresses take web URLs only: a `file:` or `javascript:` URL saved as
// the service's or the webhook's address would later be fetched or opened.
import { describe, expect, it } from 'vitest'
import { readSettings } from '../../../src/main/core/settings/file-settings-store'
import { detailsFromZodError } from '../../../src/shared/api'
import { settingsPatchSchema, settingsSchema } from '../../../src/shared/app/settings'

const URL_FIELDS = ['baseUrl', 'legacyBaseUrl', 'publicWebhookUrl'] as const
const REFUSED = ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://files.example.com/', 'not a url']
const ACCEPTED = ['http://127.0.0.1:8787', 'https://api.example.com/v2', 'https://hooks.example.com/path?x=1', '']

describe('settings URLs', () => {
  describe.each(URL_FIELDS)('%s', (field) => {
    it.each(REFUSED)('refuses %j, naming the field', (value) => {
      for (const schema of [settingsPatchSchema, settingsSchema]) {
        const r = schema.safeParse({ [field]: value })
        expect(r.success).toBe(false)
        expect(detailsFromZodError(r.error!)).toEqual({ [field]: ['Must be an http(s) URL'] })
      }
    })

    it.each(ACCEPTED)('accepts %j (empty means not set)', (value) => {
      expect(settingsPatchSchema.parse({ [field]: value })).toEqual({ [field]: value })
      expect(settingsSchema.parse({ [field]: value })[field]).toBe(value)
    })
  })

  it('drops a non-web URL saved by an earlier version, keeping the other fields', () => {
    const loaded = readSettings({ baseUrl: 'javascript:alert(1)', legacyBaseUrl: 'https://legacy.example.com', publicWebhookUrl: 'file:///tmp/x', notifications: false })
    expect(loaded).toMatchObject({ baseUrl: '', legacyBaseUrl: 'https://legacy.example.com', publicWebhookUrl: '', notifications: false })
  })
})
