// A view whose code was fetched ahead of time is drawn at once, not through Suspense's
// fallback (which React keeps on screen for at least 300 ms once shown).
import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { prefetchViewsWhenIdle, VIEW_COMPONENTS } from '../../../../src/renderer/features/shell/views'
import { installFakeApi } from '../fake-api'

const api = installFakeApi()
beforeEach(() => api.reset())

const shown = (View: () => React.JSX.Element) =>
  render(
    <Suspense fallback={<p>still loading</p>}>
      <View />
    </Suspense>
  )

describe('views fetched ahead', () => {
  it('draw without a fallback once their code is here', async () => {
    // The page is idle at once here: the prefetch starts now.
    window.requestIdleCallback = (run) => {
      run({ didTimeout: false, timeRemaining: () => 50 })
      return 1
    }
    window.cancelIdleCallback = () => undefined
    prefetchViewsWhenIdle()
    // The prefetch's own import of the view, and the one here, settle together.
    await import('../../../../src/renderer/features/legacy/LegacyView')
    await new Promise((resolve) => setTimeout(resolve, 0))
    shown(VIEW_COMPONENTS.legacy)
    expect(screen.queryByText('still loading')).toBeNull()
  }, 30_000)
})
