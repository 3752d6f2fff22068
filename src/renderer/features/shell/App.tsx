// The app once it is connected (stores/sync.ts, connectToEngine, run as the page starts):
// until the engine has said who it is there is nothing useful to show but a splash or the
// reason it did not answer.
import { useApp } from '../../stores/app'
import { loadInitialState } from '../../stores/sync'
import { Button } from '../../ui/Button'
import { transport } from '../../api/transport'
import { AppShell } from './AppShell'
import { StaleTokenScreen } from './StaleTokenScreen'

export function App() {
  const info = useApp((s) => s.info)
  const error = useApp((s) => s.infoError)

  if (info) return <AppShell />
  if (error?.code === 'forbidden' && transport().kind === 'http') return <StaleTokenScreen />
  if (error) {
    return (
      <div className="splash" role="alert">
        <h1>Cannot reach the MediaGen engine</h1>
        <p>{error.message}</p>
        {/* The event stream reconnects by itself; what is missing is the state. */}
        <Button variant="primary" onClick={() => void loadInitialState()}>
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
