// Main says its notices in the language of the `language` setting (or the system's, when it
// follows the system), changes at once when Settings changes it, and hands the page the
// message's key and values with the text.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { mainLanguage } from '../../../src/main/core/i18n/main-i18n'
import { message, renderNotice } from '../../../src/main/core/i18n/notice-text'
import { cleanupAfterEach } from '../support/cleanup'
import { startTestController } from '../support/test-controller'

const cleanup = cleanupAfterEach()

async function notices(events: { name: string; payload: unknown }[]) {
  return events.filter((e) => e.name === 'notice').map((e) => e.payload as { message: string; key?: string; values?: object })
}

describe('main’s language', () => {
  it('says a notice raised at start in the language chosen, with its key and values for the page', async () => {
    const dir = await cleanup.tempDir('notice-language-')
    // German chosen; the webhook port unreadable: the start's notice says so, in German.
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ schemaVersion: 1, settings: { language: 'de', webhookPort: 'eighty' } }))
    const { controller, events } = await startTestController(dir, { systemLanguages: ['fr-FR'] })
    cleanup.defer(() => controller.close())
    expect(mainLanguage()).toBe('de')
    expect(await notices(events)).toContainEqual({
      level: 'warning',
      message: 'Die Einstellungsdatei settings.json enthielt unlesbare Werte (webhookPort); sie wurde als settings.json.damaged aufbewahrt. Dein API-Schlüssel ist weiterhin gespeichert: Gib in den Einstellungen die Basis-URL des Dienstes ein, um die Verbindung wiederherzustellen.',
      key: 'main:settings.damagedFields',
      values: { file: 'settings.json', keptAs: 'settings.json.damaged', fields: 'webhookPort' }
    })
  })

  it('follows the system’s language by default, and a change in Settings at once', async () => {
    const dir = await cleanup.tempDir('notice-language-')
    const { controller } = await startTestController(dir, { systemLanguages: ['ko-KR', 'en-US'] })
    cleanup.defer(() => controller.close())
    expect(mainLanguage()).toBe('ko')

    const changed = await controller.dispatch('settings.update', { language: 'ja' })
    expect(changed).toMatchObject({ ok: true, data: { language: 'ja' } })
    expect(mainLanguage()).toBe('ja')
    expect(renderNotice(message('main:engine.startFailed', { reason: 'disk full', seconds: 5 }))).toBe('エンジンを起動できませんでした：disk full。5 秒後に再試行します。')
  })

  // The system notifications' words are still English, in core/app/notifications/notification-text.ts.
  it.todo('says the system notifications in main’s language')

  it('refuses a language the app does not speak, naming the field, and keeps the one in force', async () => {
    const dir = await cleanup.tempDir('notice-language-')
    const { controller } = await startTestController(dir, { systemLanguages: ['es-MX'] })
    cleanup.defer(() => controller.close())
    expect(mainLanguage()).toBe('es')
    const refused = await controller.dispatch('settings.update', { language: 'tlh' })
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { language: [expect.any(String)] } } })
    expect(mainLanguage()).toBe('es')
  })
})
