// Starts the app: asks the engine who it is, then loads the rest and listens for events.
// Until the engine answers there is nothing useful to show but a splash or the reason.
import { useEffect, useState } from 'react'
import { useApp } from '../stores/app'
import { watchBalance } from '../stores/balance-watch'
import { loadInitialState, subscribeToEngine } from '../stores/sync'
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
  const [attempt, setAttempt] = useState(0)
  usePageLanguage()

  useEffect(() => {
    // Subscribe before loading so nothing that happens in between is missed; the stores
    // keep whichever of a load and an event is newer.
    const unsubscribe = subscribeToEngine()
    const stopWatching = watchBalance()
    void useApp.getState().loadInfo().then((ok) => ok && loadInitialState())
    return () => {
      unsubscribe()
      stopWatching()
    }
  }, [attempt])

  if (info) return <AppShell />
  if (error?.code === 'forbidden' && transport().kind === 'http') return <StaleTokenScreen />
  if (error) {
    return (
      <div className="splash" role="alert">
        <h1>{t('shell:start.unreachable')}</h1>
        <p>{error.message}</p>
        <Button variant="primary" onClick={() => setAttempt((n) => n + 1)}>
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
