// The theme is chosen from three options, saved at once, and put on <html data-theme>.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { AppearanceSection } from '../../../../src/renderer/features/settings/AppearanceSection'
import { useTheme } from '../../../../src/renderer/app/use-theme'
import { useApp } from '../../../../src/renderer/stores/app'
import { installFakeApi } from '../fake-api'
import { resetStore, settings } from '../fixtures'

const api = installFakeApi()

function ThemedSection() {
  useTheme()
  return <AppearanceSection />
}

beforeEach(() => {
  api.reset()
  resetStore(useApp)
  delete document.documentElement.dataset.theme
})

describe('AppearanceSection', () => {
  it('saves the chosen theme and applies it to the page', async () => {
    useApp.setState({ settings: settings() })
    api.handle('settings.update', (patch) => ({ ok: true, data: settings({ theme: patch.theme ?? 'dark' }) }))
    render(<ThemedSection />)
    expect(document.documentElement.dataset.theme).toBe('dark')
    expect((screen.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true)

    fireEvent.click(screen.getByRole('radio', { name: 'Light' }))
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'))
    expect(api.callsTo('settings.update')).toEqual([{ theme: 'light' }])
    expect((screen.getByRole('radio', { name: 'Light' }) as HTMLInputElement).checked).toBe(true)

    fireEvent.click(screen.getByRole('radio', { name: 'System' }))
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('system'))
  })
})
