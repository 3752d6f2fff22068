// The app once it is connected (stores/sync.ts, connectToEngine, run as the page starts):
// until the engine has said who it is there is nothing useful to show but a splash or the
// reason it did not answer.
import { useApp } from '../stores/app'
import { loadInitialState } from '../stores/sync'
import { Button } from '../ui/Button'
import { transport } from '../api/transport'
import { Trans, useTranslation } from '../i18n/page-i18n'
import { usePageLanguage } from './page-language'
import { AppShell } from './AppShell'
import { StaleTokenScreen, TOKEN_END } from './StaleTokenScreen'

export function App() {
  const { t } = useTranslation()
  const info = useApp((s) => s.info)
  const error = useApp((s) => s.infoError)
  usePageLanguage()

  if (info) return <AppShell />
  if (error?.code === 'forbidden' && transport().kind === 'http') return <StaleTokenScreen />
  if (error) {
    return (
      <div className="splash" role="alert">
        <h1>{t('shell:start.unreachable')}</h1>
        <p>{error.message}</p>
        {/* The event stream reconnects by itself; what is missing is the state. */}
        <Button variant="primary" onClick={() => void loadInitialState()}>
          {t('common:actions.tryAgain')}
        </Button>
      </div>
    )
  }
  return (
    <div className="splash" aria-busy="true">
      <span className="spinner spinner-lg" aria-hidden="true" />
      <p>{t('shell:start.starting')}</p>
    </div>
  )
}

export function MissingTokenScreen() {
  const { t } = useTranslation()
  return (
    <div className="splash" role="alert">
      <h1>{t('shell:token.missingTitle')}</h1>
      <p>
        <Trans t={t} i18nKey="shell:token.missingBody" components={{ token: <code translate="no">{TOKEN_END}</code> }} />
      </p>
    </div>
  )
}
