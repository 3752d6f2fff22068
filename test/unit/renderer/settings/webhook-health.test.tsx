// Settings shows the webhooks' last delivery and refused signatures, and runs the check.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { WebhookHealthSection } from '../../../../src/renderer/features/settings/WebhookHealthSection'
import { useWebhookHealth } from '../../../../src/renderer/stores/webhook-health'
import { installFakeApi } from '../fake-api'
import { resetStore } from '../fixtures'

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  resetStore(useWebhookHealth)
  api.answer('webhooks.health', { mode: 'public', url: 'https://hooks.example.com', received: 12, rejected: 3, lastDeliveryAt: new Date().toISOString() })
})

describe('WebhookHealthSection', () => {
  it('shows the counts and the check result', async () => {
    api.answer('webhooks.check', { ok: false, message: 'https://hooks.example.com answered 502, but the request never reached the listener', ms: null })
    render(<WebhookHealthSection />)
    await waitFor(() => expect(screen.getByTestId('webhook-rejected').textContent).toBe('3'))
    const facts = screen.getByTestId('webhook-health').textContent
    expect(facts).toContain('https://hooks.example.com')
    expect(facts).toContain('just now')
    fireEvent.click(screen.getByRole('button', { name: 'Check the webhook path' }))
    await waitFor(() => expect(screen.getByTestId('webhook-check-result').textContent).toContain('never reached the listener'))
  })
})
