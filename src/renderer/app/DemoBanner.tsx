import { useApp } from '../stores/app'
import { useNavigation } from '../stores/navigation'
import { Button } from '../ui/Button'

export function DemoBanner() {
  const mode = useApp((s) => s.info?.mode)
  const go = useNavigation((s) => s.go)
  if (mode !== 'demo') return null
  return (
    <div className="banner banner-demo" data-testid="demo-banner" role="note">
      <span>
        <strong>Demo mode</strong> — no account connected; outputs are simulated.
      </span>
      <Button size="sm" variant="primary" onClick={() => go('settings')} data-testid="demo-banner-settings">
        Connect an account
      </Button>
    </div>
  )
}
