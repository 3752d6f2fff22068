// Main says its notices in the language of the `language` setting (or the system's, when it
// follows the system), changes at once when Settings changes it, and hands the page the
// message's key and values with the text.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { mainLanguage, setMainLanguage } from '../../../src/main/core/i18n/main-i18n'
import { Engine } from '../../../src/main/core/engine'
import type { AppNotification } from '../../../src/shared/app/notifications'
import type { EventPayload } from '../../../src/shared/contract'
import { engineOptionsFor, startTestSimulator } from '../support/demo-engine'
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

  it('says an engine’s notice in German when the language is de, with its key and values for the page', async () => {
    const dir = await cleanup.tempDir('notice-language-')
    const sim = await startTestSimulator(cleanup, dir)
    // A library moved from `old` to `moved`: the engine follows the note at start and says so.
    const old = join(dir, 'old')
    const moved = join(dir, 'moved')
    await mkdir(old)
    await mkdir(moved)
    await mkdir(join(dir, 'engine'))
    await writeFile(join(old, 'library-moved.json'), JSON.stringify({ movedTo: moved, movedAt: '2026-03-01T09:30:00.000Z' }))
    await setMainLanguage('de', [])
    cleanup.defer(() => setMainLanguage('en', []))
    const engine = new Engine(engineOptionsFor(sim, join(dir, 'engine'), { libraryDir: old }))
    const notices: EventPayload<'notice'>[] = []
    engine.on('notice', (n) => notices.push(n))
    await engine.start()
    cleanup.defer(() => engine.close())
    expect(notices).toContainEqual({
      level: 'info',
      message: `Die Bibliothek in ${old} wurde am 2026-03-01 09:30:00 UTC nach ${moved} verschoben; sie wird dort geöffnet, und in den alten Ordner wird nichts geschrieben.`,
      key: 'main:moved.followedAt',
      values: { from: old, to: moved, at: '2026-03-01 09:30:00 UTC' }
    })
  })

  it('says the system notifications in main’s language, and in the new one once Settings changes it', async () => {
    const dir = await cleanup.tempDir('notice-language-')
    const { controller, events } = await startTestController(dir, { systemLanguages: ['de-DE'], demoSpeed: 40 })
    cleanup.defer(() => controller.close())
    const told = () => events.filter((e) => e.name === 'notification').map((e) => e.payload as AppNotification)
    const submit = (prompt: string) => controller.dispatch('jobs.submit', { request: { model: 'i1-1', prompt } })
    expect(await submit('ein Leuchtturm')).toMatchObject({ ok: true })
    await vi.waitFor(() => expect(told()).toHaveLength(1), { timeout: 60_000, interval: 50 })
    expect(told()[0]).toMatchObject({ kind: 'done', title: 'Auftrag fertig', body: 'i1-1: ein Leuchtturm' })

    expect(await controller.dispatch('settings.update', { language: 'ja' })).toMatchObject({ ok: true })
    expect(await submit('灯台')).toMatchObject({ ok: true })
    await vi.waitFor(() => expect(told()).toHaveLength(2), { timeout: 60_000, interval: 50 })
    expect(told()[1]).toMatchObject({ kind: 'done', title: 'ジョブ完了', body: 'i1-1：灯台' })
  })

  it('answers a route’s refusal in the language chosen', async () => {
    const dir = await cleanup.tempDir('notice-language-')
    const { controller } = await startTestController(dir, { systemLanguages: ['de-DE'] })
    cleanup.defer(() => controller.close())
    // The demo library stays where it is: the refusal says so in German.
    const refused = await controller.dispatch('library.move', { to: join(dir, 'elsewhere') })
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict', message: 'Die Demo-Bibliothek bleibt im Datenordner der App; verbinde ein Konto, um deine Bibliothek zu verschieben' } })
  })

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
