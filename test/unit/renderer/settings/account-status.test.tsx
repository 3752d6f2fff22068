// Settings says 'Connected' only when the engine reports that the service accepted the
// key, with who it belongs to; a rejected key, an unreachable service, or a key needed
// again for a new address says so instead.
import { render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { AccountStatus } from '../../../../src/renderer/features/settings/AccountStatus'
import { useApp } from '../../../../src/renderer/stores/app'
import { applyAppInfo } from '../../../../src/renderer/stores/sync'
import { installFakeApi } from '../fake-api'
import { account, appInfo, resetStore } from '../fixtures'

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  resetStore(useApp)
})

const live = { mode: 'live', keySet: true, keyLast4: 'wxyz' } as const

describe('AccountStatus', () => {
  it('names the account, team, plan and credits once connected', () => {
    useApp.setState({ me: account(1234), credits: 1234 })
    render(<AccountStatus info={appInfo({ ...live, connection: { state: 'connected', message: null } })} />)
    expect(screen.getByText('Connected')).toBeTruthy()
    const facts = screen.getByTestId('account-facts').textContent
    expect(facts).toContain('me@example.com')
    expect(facts).toContain('Demo team')
    expect(facts).toContain('demo')
    expect(facts).toContain('1,234 credits')
  })

  it('never says connected for a rejected key', () => {
    render(<AccountStatus info={appInfo({ ...live, connection: { state: 'rejected', message: 'The API key was rejected by the service' } })} />)
    const status = screen.getByRole('alert')
    expect(status.textContent).toContain('Key rejected')
    expect(status.textContent).toContain('The API key was rejected by the service')
    expect(document.body.textContent).not.toMatch(/connected/i)
  })

  it('names the host it cannot reach', () => {
    render(<AccountStatus info={appInfo({ ...live, connection: { state: 'unreachable', message: 'Cannot reach api.example.com' } })} />)
    expect(screen.getByRole('alert').textContent).toContain('Cannot reach api.example.com')
    expect(document.body.textContent).not.toMatch(/connected/i)
  })

  it('says a key is needed again when the one given was for another address', () => {
    const message = 'The service URL now points to https://other.example.com, so the API key given for https://api.example.com was forgotten. Enter the key for the new address'
    render(<AccountStatus info={appInfo({ keyNeeded: message })} />)
    const status = screen.getByRole('alert')
    expect(status.textContent).toContain('Key needed')
    expect(status.textContent).toContain(message)
    expect(document.body.textContent).not.toMatch(/connected/i)
  })

  it('explains demo mode when no key is set', () => {
    render(<AccountStatus info={appInfo()} />)
    expect(screen.getByTestId('key-status').textContent).toContain('demo service')
  })
})

describe('when the service accepts the key later', () => {
  it('reads the account again', async () => {
    api.answer('account.get', account(42))
    api.answer('catalog.list', { models: [], offline: false })
    api.answer('loras.list', [])
    const unreachable = appInfo({ ...live, connection: { state: 'unreachable', message: 'Cannot reach api.example.com' } })
    useApp.setState({ info: unreachable })
    applyAppInfo({ ...unreachable, connection: { state: 'connected', message: null } })
    await waitFor(() => expect(useApp.getState().me?.user.email).toBe('me@example.com'))
    expect(api.callsTo('account.get')).toHaveLength(1)
  })
})
