import type { JSX } from 'react'
import { useNavigation, VIEW_LABELS, type View } from '../../stores/navigation'
import { ToastRegion } from '../../ui/ToastRegion'
import { ViewErrorBoundary } from '../../ui/ViewErrorBoundary'
import { CreateView } from '../workspace/CreateView'
import { QueueView } from '../queue/QueueView'
import { GalleryView } from '../gallery/GalleryView'
import { ToolsView } from '../tools/ToolsView'
import { LorasView } from '../loras/LorasView'
import { LegacyView } from '../legacy/LegacyView'
import { SettingsView } from '../settings/SettingsView'
import { SpendView } from '../spend/SpendView'
import { ModelPalette } from '../palette/ModelPalette'
import { ConnectionBanner } from './ConnectionBanner'
import { DemoBanner } from './DemoBanner'
import { Sidebar } from './Sidebar'
import { useGlobalShortcuts } from './use-global-shortcuts'
import { useTheme } from './use-theme'

const VIEW_COMPONENTS: Record<View, () => JSX.Element> = {
  create: CreateView,
  queue: QueueView,
  gallery: GalleryView,
  tools: ToolsView,
  loras: LorasView,
  legacy: LegacyView,
  spend: SpendView,
  settings: SettingsView
}

export function AppShell() {
  useGlobalShortcuts()
  useTheme()
  const view = useNavigation((s) => s.view)
  const go = useNavigation((s) => s.go)
  const Current = VIEW_COMPONENTS[view]
  return (
    <div className="shell">
      <Sidebar />
      <div className="shell-main">
        <DemoBanner />
        <ConnectionBanner />
        <main className="view" id="main" data-testid={`view-${view}`} key={view}>
          <ViewErrorBoundary label={VIEW_LABELS[view]}>
            <Current />
          </ViewErrorBoundary>
        </main>
        {/* Below the view, not over it: a toast never hides a button the user needs. */}
        <ToastRegion onOpenJob={() => go('queue')} />
        <ModelPalette />
      </div>
    </div>
  )
}
