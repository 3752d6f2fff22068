// A view that throws while rendering is replaced by a message with 'Reload this view',
// which builds it again; nothing outside the view is lost.
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ViewErrorBoundary } from '../../../../src/renderer/ui/ViewErrorBoundary'

let broken = true
function Flaky() {
  if (broken) throw new Error('the list could not be read')
  return <p>View content</p>
}

afterEach(() => vi.restoreAllMocks())

describe('ViewErrorBoundary', () => {
  it('shows what failed and reloads the view on request', () => {
    // React and the boundary report the error on the console; the test expects it.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(
      <div>
        <nav>Sidebar</nav>
        <ViewErrorBoundary label="Queue">
          <Flaky />
        </ViewErrorBoundary>
      </div>
    )
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Queue stopped working')
    expect(alert.textContent).toContain('the list could not be read')
    expect(screen.getByText('Sidebar')).toBeTruthy()
    expect(logged).toHaveBeenCalled()

    broken = false
    fireEvent.click(screen.getByRole('button', { name: 'Reload this view' }))
    expect(screen.getByText('View content')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
