// Settings says 'Connected' only when the engine reports that the service accepted the
// key, with who it belongs to; a rejected key or an unreachable service says so instead.
import { render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { AccountStatus } from '../../../../src/renderer/features/settings/AccountStatus'
import { useAccount } from '../../../../src/renderer/stores/account'
import { account, appInfo, resetStore } from '../fixtures'

beforeEach(() => resetStore(useAccount))

const live = { mode: 'live', keySet: true, keyLast4: 'wxyz' } as const

describe('AccountStatus', () => {
  it('names the account, team, plan and credits once connected', () => {
    useAccount.setState({ me: account(1234), credits: 1234 })
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

  it('explains demo mode when no key is set', () => {
    render(<AccountStatus info={appInfo()} />)
    expect(screen.getByTestId('key-status').textContent).toContain('demo service')
  })
})
