// Starts the app: asks the engine who it is, then loads the rest and listens for events.
// Until the engine answers there is nothing useful to show but a splash or the reason.
import { useEffect, useState } from 'react'
import { useApp } from '../stores/app'
import { watchBalance } from '../stores/balance-watch'
import { loadInitialState, subscribeToEngine } from '../stores/sync'
import { Button } from '../ui/Button'
import { transport } from '../api/transport'
import { AppShell } from './AppShell'
import { StaleTokenScreen } from './StaleTokenScreen'

export function App() {
  const info = useApp((s) => s.info)
  const error = useApp((s) => s.infoError)
  const [attempt, setAttempt] = useState(0)

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
        <h1>Cannot reach the MediaGen engine</h1>
        <p>{error.message}</p>
        <Button variant="primary" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </Button>
      </div>
    )
  }
  return (
    <div className="splash" aria-busy="true">
      <span className="spinner spinner-lg" aria-hidden="true" />
      <p>Starting MediaGen Studio…</p>
    </div>
  )
}

export function MissingTokenScreen() {
  return (
    <div className="splash" role="alert">
      <h1>This page needs its access link</h1>
      <p>
        Open MediaGen Studio with the link the host printed when it started — it ends in <code>#token=…</code>. The token keeps other
        pages on this computer from using your account.
      </p>
    </div>
  )
}
