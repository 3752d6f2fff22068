import { useEffect } from 'react'
import { useNavigation, VIEW_LABEL_KEYS } from '../stores/navigation'
import { useTranslation } from '../i18n/page-i18n'
import { ToastRegion } from './ToastRegion'
import { ViewErrorBoundary } from '../ui/ViewErrorBoundary'
import { ModelPalette } from './palette/ModelPalette'
import { UpdateBanner } from './UpdateBanner'
import { AskFirstDialog } from './AskFirstDialog'
import { ConnectionBanner } from './ConnectionBanner'
import { DemoBanner } from './DemoBanner'
import { Sidebar } from './Sidebar'
import { MAIN_ID, SkipLink } from './SkipLink'
import { useGlobalShortcuts } from './use-global-shortcuts'
import { useNotificationEvents } from './use-notification-events'
import { useTheme } from './use-theme'
import { prefetchViews, ViewBody } from './views'

/** While a view's code is still on its way (only if it is opened within moments of the start). */
function ViewLoading({ label }: { label: string }) {
  const { t } = useTranslation()
  return (
    <div className="view-loading" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <span>{t('shell:view.opening', { view: label })}</span>
    </div>
  )
}

export function AppShell() {
  // Drawn again when the language changes, and with it every view below (their numbers and dates too).
  const { t } = useTranslation()
  useGlobalShortcuts()
  useTheme()
  useNotificationEvents()
  const view = useNavigation((s) => s.view)
  const go = useNavigation((s) => s.go)
  useEffect(() => prefetchViews(), [])
  const label = t(VIEW_LABEL_KEYS[view])
  return (
    <div className="shell">
      <SkipLink />
      <Sidebar />
      <div className="shell-main">
        {/* The banners' landmark: every part of the page sits in one, for screen readers' lists. */}
        <header className="shell-banners">
          <DemoBanner />
          <ConnectionBanner />
          <UpdateBanner />
        </header>
        {/* Focusable by script only (the skip link), not a Tab stop of its own. */}
        <main className="view" id={MAIN_ID} tabIndex={-1} data-testid={`view-${view}`} key={view}>
          <ViewErrorBoundary label={label}>
            <ViewBody view={view} loading={<ViewLoading label={label} />} />
          </ViewErrorBoundary>
        </main>
        <ToastRegion onOpenJob={() => go('queue')} />
        <ModelPalette />
        <AskFirstDialog />
      </div>
    </div>
  )
}
