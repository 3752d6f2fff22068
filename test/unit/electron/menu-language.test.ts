// The application menu in main's language: every item has a label from the catalogs
// (Electron's roles included, whose own labels are English), with the Windows/Linux
// access keys the language uses.
import type { MenuItemConstructorOptions } from 'electron'
import { afterAll, describe, expect, it } from 'vitest'
import { appMenuTemplate } from '../../../src/main/electron/menu-template'
import { setMainLanguage } from '../../../src/main/core/i18n/main-i18n'

const actions = { newGeneration: () => undefined, openLibraryFolder: () => undefined, showAbout: () => undefined }

function labels(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => (item.type === 'separator' ? [] : [item.label ?? `(no label: ${item.role})`, ...labels((item.submenu as MenuItemConstructorOptions[] | undefined) ?? [])]))
}

afterAll(() => setMainLanguage('en', []))

describe('the application menu', () => {
  it('is in German, every item and role, once main speaks German', async () => {
    await setMainLanguage('de', [])
    const menu = appMenuTemplate(actions, { appName: 'MediaGen Studio', dev: true, platform: 'linux' })
    expect(menu.map((m) => m.label)).toEqual(['&Datei', '&Bearbeiten', '&Ansicht', '&Fenster', '&Hilfe'])
    expect(labels(menu)).toContain('Bibliotheksordner öffnen')
    expect(labels(menu)).toContain('Rückgängig')
    expect(labels(menu)).toContain('Über MediaGen Studio')
    expect(labels(menu).filter((l) => l.startsWith('(no label'))).toEqual([])
  })

  it('names the app in its own menu on macOS, in Japanese with the access keys after the name', async () => {
    await setMainLanguage('system', ['ja-JP'])
    const menu = appMenuTemplate(actions, { appName: 'MediaGen Studio', dev: false, platform: 'darwin' })
    expect(menu.map((m) => m.label)).toEqual(['MediaGen Studio', 'ファイル(&F)', '編集(&E)', '表示(&V)', 'ウィンドウ(&W)', 'ヘルプ(&H)'])
    expect(labels(menu)).toContain('MediaGen Studio を終了')
    expect(labels(menu).filter((l) => l.startsWith('(no label'))).toEqual([])
  })
})
