// Settings that hold addresses take web URLs only: a `file:` or `javascript:` URL saved as
// the service's or the webhook's address would later be fetched or opened. The addresses
// the API key is sent to must use https unless they are this computer's own.
import { describe, expect, it } from 'vitest'
import { readSettings } from '../../../src/main/core/settings/settings-values'
import { detailsFromZodError } from '../../../src/shared/api'
import { PUBLIC_WEBHOOK_URL_MESSAGE, settingsPatchSchema, settingsSchema } from '../../../src/shared/app/settings'
import { INSECURE_URL_MESSAGE, legacyBaseUrlOf } from '../../../src/shared/app/service-url'

const URL_FIELDS = ['baseUrl', 'legacyBaseUrl', 'publicWebhookUrl'] as const
const REFUSED = ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://files.example.com/', 'not a url']
const ACCEPTED = ['https://api.example.com/v2', 'https://hooks.example.com/path?x=1', '']
/** What each field says of an address that is not a web URL (the webhook's: not an https one). */
const NOT_WEB = { baseUrl: 'Must be an http(s) URL', legacyBaseUrl: 'Must be an http(s) URL', publicWebhookUrl: PUBLIC_WEBHOOK_URL_MESSAGE }

describe('settings URLs', () => {
  describe.each(URL_FIELDS)('%s', (field) => {
    it.each(REFUSED)('refuses %j, naming the field', (value) => {
      for (const schema of [settingsPatchSchema, settingsSchema]) {
        const r = schema.safeParse({ [field]: value })
        expect(r.success).toBe(false)
        expect(detailsFromZodError(r.error!)).toEqual({ [field]: [NOT_WEB[field]] })
      }
    })

    it.each(ACCEPTED)('accepts %j (empty means not set)', (value) => {
      expect(settingsPatchSchema.parse({ [field]: value })).toEqual({ [field]: value })
      expect(settingsSchema.parse({ [field]: value })[field]).toBe(value)
    })
  })

  describe.each(['baseUrl', 'legacyBaseUrl'] as const)('%s, which the API key is sent to', (field) => {
    const INSECURE = ['http://api.example.com', 'http://10.0.0.5:8787/v2', 'http://[2001:db8::1]/', 'http://128.0.0.1/', 'http://localhost.example.com/']
    const LOCAL = ['http://localhost:8787', 'http://127.0.0.1:8787/legacy', 'http://127.255.0.9/', 'http://[::1]:8787', 'https://api.example.com']

    it.each(INSECURE)('refuses plain http to another computer: %j, naming the field', (value) => {
      for (const schema of [settingsPatchSchema, settingsSchema]) {
        const r = schema.safeParse({ [field]: value })
        expect(r.success).toBe(false)
        expect(detailsFromZodError(r.error!)).toEqual({ [field]: [INSECURE_URL_MESSAGE] })
      }
    })

    it.each(LOCAL)('accepts https, or http to this computer: %j', (value) => {
      expect(settingsPatchSchema.parse({ [field]: value })).toEqual({ [field]: value })
    })
  })

  it('takes only https for the public webhook URL, naming the field, and drops a stored http one', () => {
    expect(settingsPatchSchema.parse({ publicWebhookUrl: 'https://hooks.example.com/cb' })).toEqual({ publicWebhookUrl: 'https://hooks.example.com/cb' })
    for (const url of ['http://hooks.example.com/cb', 'http://127.0.0.1:8787/hook']) {
      for (const schema of [settingsPatchSchema, settingsSchema]) {
        const r = schema.safeParse({ publicWebhookUrl: url })
        expect(r.success).toBe(false)
        expect(detailsFromZodError(r.error!)).toEqual({ publicWebhookUrl: [PUBLIC_WEBHOOK_URL_MESSAGE] })
      }
    }
    expect(readSettings({ publicWebhookUrl: 'http://hooks.example.com/cb', cdnRetentionHours: 6 })).toMatchObject({ publicWebhookUrl: '', cdnRetentionHours: 6 })
  })

  it('drops plain http to another computer from a settings file, keeping the other fields', () => {
    const loaded = readSettings({ baseUrl: 'http://api.example.com', legacyBaseUrl: 'http://legacy.example.com', cdnRetentionHours: 6 })
    expect(loaded).toMatchObject({ baseUrl: '', legacyBaseUrl: '', cdnRetentionHours: 6 })
  })

  it('puts the legacy endpoint under the base URL unless one is set, for the app and the command line alike', () => {
    expect(legacyBaseUrlOf({ baseUrl: 'https://api.example.com/', legacyBaseUrl: '' })).toBe('https://api.example.com/legacy')
    expect(legacyBaseUrlOf({ baseUrl: 'https://api.example.com', legacyBaseUrl: 'https://legacy.example.com' })).toBe('https://legacy.example.com')
    expect(legacyBaseUrlOf({ baseUrl: '', legacyBaseUrl: '' })).toBe('')
  })

  it('drops a non-web URL saved by an earlier version, keeping the other fields', () => {
    const loaded = readSettings({ baseUrl: 'javascript:alert(1)', legacyBaseUrl: 'https://legacy.example.com', publicWebhookUrl: 'file:///tmp/x', notifications: false })
    expect(loaded).toMatchObject({ baseUrl: '', legacyBaseUrl: 'https://legacy.example.com', publicWebhookUrl: '', notifications: false })
  })
})
