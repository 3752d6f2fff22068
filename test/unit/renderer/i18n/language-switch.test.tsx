// Settings → Language switches the page at once, without a reload: the shell and the view
// draw again in the chosen language (its catalogs fetched only then), what the user typed
// stays, <html lang> follows, and the choice is what the next start draws its first frame in.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppShell } from '../../../../src/renderer/app/AppShell'
import { pageI18n } from '../../../../src/renderer/i18n/page-i18n'
import { applyLanguageSetting, startPageLanguage, usePageLanguage } from '../../../../src/renderer/app/page-language'
import { useApp } from '../../../../src/renderer/stores/app'
import { useNavigation } from '../../../../src/renderer/stores/navigation'
import { installFakeApi } from '../fake-api'
import { appInfo, resetStore, settings } from '../fixtures'

const api = installFakeApi()

function Shell() {
  usePageLanguage()
  return <AppShell />
}

beforeEach(() => {
  api.reset()
  resetStore(useApp)
  useNavigation.setState({ view: 'settings' })
  useApp.setState({ info: appInfo(), settings: settings() })
  api.answer('webhooks.health', { mode: 'local', url: null, lastDeliveryAt: null, received: 0, rejected: 0 })
  api.answer('updates.status', { state: 'unsupported', currentVersion: '0.1.0', version: null, releaseNotes: null, message: 'Updates come with the desktop app.', checkedAt: null })
  api.handle('settings.update', (patch) => ({ ok: true, data: settings({ language: patch.language ?? 'system' }) }))
})
afterEach(() => applyLanguageSetting('system'))

describe('switching the language', () => {
  it('draws the shell and the view again in the language chosen, keeping what was typed, without a reload', async () => {
    expect(pageI18n.hasResourceBundle('de', 'shell')).toBe(false)
    render(<Shell />)
    const view = await screen.findByTestId('view-settings')
    const settingsNav = screen.getByTestId('nav-settings')
    expect(settingsNav.textContent).toBe('Settings')
    fireEvent.change(await screen.findByTestId('setting-baseUrl'), { target: { value: 'https://typed.example.com' } })

    fireEvent.change(screen.getByTestId('language-select'), { target: { value: 'de' } })

    await waitFor(() => expect(settingsNav.textContent).toBe('Einstellungen'))
    expect(api.callsTo('settings.update')).toEqual([{ language: 'de' }])
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Einstellungen')
    expect(screen.getByTestId('nav-queue').textContent).toBe('Warteschlange')
    expect(screen.getByTestId('demo-banner').textContent).toContain('Demomodus')
    expect(document.documentElement.lang).toBe('de')
    // The same page: nothing was mounted afresh, and the half-typed address is still there.
    expect(screen.getByTestId('view-settings')).toBe(view)
    expect((screen.getByTestId('setting-baseUrl') as HTMLInputElement).value).toBe('https://typed.example.com')

    fireEvent.change(screen.getByTestId('language-select'), { target: { value: 'system' } })
    await waitFor(() => expect(settingsNav.textContent).toBe('Settings'))
    expect(document.documentElement.lang).toBe('en')
  })

  it('lists every language by its own name, and the system’s with the one it resolves to', async () => {
    render(<Shell />)
    const select = (await screen.findByTestId('language-select')) as HTMLSelectElement
    expect([...select.options].map((o) => o.textContent)).toEqual(['System (English)', 'English', '简体中文', '日本語', '한국어', 'Español', 'Português (Brasil)', 'Deutsch', 'Français'])
  })

  it('starts the next time in the language last chosen, before the engine has answered', async () => {
    await applyLanguageSetting('ja')
    await pageI18n.changeLanguage('en')
    await startPageLanguage()
    expect(pageI18n.language).toBe('ja')
    render(<AppShell />)
    expect((await screen.findByTestId('nav-create')).textContent).toBe('作成')
  })
})
