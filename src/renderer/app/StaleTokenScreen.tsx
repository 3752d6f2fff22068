// A tab opened on an earlier run of the browser host: its token lasted that run only.
// Trying again cannot help; the address the host printed this time can, in this very
// tab, where the page's drafts and settings are still kept.
import { Trans, useTranslation } from '../i18n/page-i18n'

/** How the host's address ends: the same in every language. */
export const TOKEN_END = '#token=…'

export function StaleTokenScreen() {
  const { t } = useTranslation()
  return (
    <div className="splash" role="alert" data-testid="stale-token">
      <h1>{t('shell:token.staleTitle')}</h1>
      <p>
        <Trans t={t} i18nKey="shell:token.staleBody" components={{ token: <code translate="no">{TOKEN_END}</code> }} />
      </p>
    </div>
  )
}
