import { useApp } from '../../stores/app'
import { useTranslation } from '../../i18n/page-i18n'
import { AdvancedSection } from './AdvancedSection'
import { ApiKeySection } from './ApiKeySection'
import { AppearanceSection } from './AppearanceSection'
import { ConnectionSection } from './ConnectionSection'
import { DownloadsSection } from './DownloadsSection'
import { LanguageSection } from './LanguageSection'
import { LibraryFolderSection } from './LibraryFolderSection'
import { SpendLimitsSection } from './SpendLimitsSection'
import { WebhookHealthSection } from './WebhookHealthSection'
import { UpdatesSection } from './UpdatesSection'
import { NotificationsSection } from './NotificationsSection'

export function SettingsView() {
  const { t } = useTranslation()
  const info = useApp((s) => s.info)
  const error = useApp((s) => s.settingsError)
  return (
    <div className="view-inner view-narrow">
      <header className="view-head">
        <div>
          <h1 className="view-title">{t('settings:title')}</h1>
          <p className="view-sub">{t('settings:subtitle', { version: info?.version ?? '', platform: info?.platform ?? 'browser', webhooks: info?.webhooks ?? 'off' })}</p>
        </div>
      </header>
      {error ? <p className="notice notice-danger">{t('settings:loadFailed', { reason: error })}</p> : null}
      <ApiKeySection />
      <ConnectionSection />
      <WebhookHealthSection />
      <DownloadsSection />
      <SpendLimitsSection />
      <NotificationsSection />
      <LibraryFolderSection />
      <LanguageSection />
      <AppearanceSection />
      <UpdatesSection />
      <AdvancedSection />
    </div>
  )
}
