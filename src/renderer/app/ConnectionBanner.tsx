// In the browser the live events come over one SSE connection; say so when it drops,
// since the queue would otherwise look frozen.
import { useEffect, useState } from 'react'
import { transport } from '../api/transport'
import type { ConnectionState } from '../api/transport-types'

export function ConnectionBanner() {
  const [state, setState] = useState<ConnectionState>('open')
  useEffect(() => transport().onConnection(setState), [])
  if (state === 'rejected') {
    return (
      <div className="banner banner-warning" role="alert" data-testid="connection-banner" data-state="rejected">
        The MediaGen host was restarted and no longer accepts this tab. Open the address it printed (it ends in #token=…) here; your drafts and settings are kept.
      </div>
    )
  }
  if (state !== 'reconnecting') return null
  return (
    <div className="banner banner-warning" role="status" data-testid="connection-banner">
      Lost the live connection to the MediaGen host — reconnecting. Progress shown may be out of date.
    </div>
  )
}
