import { Suspense, useEffect } from 'react'
import { useNavigation, VIEW_LABELS } from '../../stores/navigation'
import { ToastRegion } from '../../ui/ToastRegion'
import { ViewErrorBoundary } from '../../ui/ViewErrorBoundary'
import { ModelPalette } from '../palette/ModelPalette'
import { ConnectionBanner } from './ConnectionBanner'
import { DemoBanner } from './DemoBanner'
import { Sidebar } from './Sidebar'
import { useGlobalShortcuts } from './use-global-shortcuts'
import { useTheme } from './use-theme'
import { prefetchViewsWhenIdle, VIEW_COMPONENTS } from './views'

/** While a view's code is still on its way (only the first time it opens, if at all). */
function ViewLoading({ label }: { label: string }) {
  return (
    <div className="view-loading" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <span>Opening {label}…</span>
    </div>
  )
}

export function AppShell() {
  useGlobalShortcuts()
  useTheme()
  const view = useNavigation((s) => s.view)
  const go = useNavigation((s) => s.go)
  const Current = VIEW_COMPONENTS[view]
  useEffect(() => prefetchViewsWhenIdle(), [])
  return (
    <div className="shell">
      <Sidebar />
      <div className="shell-main">
        <DemoBanner />
        <ConnectionBanner />
        <main className="view" id="main" data-testid={`view-${view}`} key={view}>
          <ViewErrorBoundary label={VIEW_LABELS[view]}>
            <Suspense fallback={<ViewLoading label={VIEW_LABELS[view]} />}>
              <Current />
            </Suspense>
          </ViewErrorBoundary>
        </main>
        {/* Below the view, not over it: a toast never hides a button the user needs. */}
        <ToastRegion onOpenJob={() => go('queue')} />
        <ModelPalette />
      </div>
    </div>
  )
}
