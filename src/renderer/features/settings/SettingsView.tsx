import { useApp } from '../../stores/app'
import { AdvancedSection } from './AdvancedSection'
import { ApiKeySection } from './ApiKeySection'
import { AppearanceSection } from './AppearanceSection'
import { ConnectionSection } from './ConnectionSection'
import { DownloadsSection } from './DownloadsSection'
import { LibraryFolderSection } from './LibraryFolderSection'
import { SpendLimitsSection } from './SpendLimitsSection'
import { WebhookHealthSection } from './WebhookHealthSection'
import { UpdatesSection } from './UpdatesSection'

export function SettingsView() {
  const info = useApp((s) => s.info)
  const error = useApp((s) => s.settingsError)
  return (
    <div className="view-inner view-narrow">
      <header className="view-head">
        <div>
          <h1 className="view-title">Settings</h1>
          <p className="view-sub">
            MediaGen Studio {info?.version} · {info?.platform === 'electron' ? 'desktop' : 'browser'} · webhooks {info?.webhooks ?? 'off'}
          </p>
        </div>
      </header>
      {error ? <p className="notice notice-danger">Could not load the settings: {error}</p> : null}
      <ApiKeySection />
      <ConnectionSection />
      <WebhookHealthSection />
      <DownloadsSection />
      <SpendLimitsSection />
      <LibraryFolderSection />
      <AppearanceSection />
      <UpdatesSection />
      <AdvancedSection />
    </div>
  )
}
