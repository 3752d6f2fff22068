// In the browser the live events come over one SSE connection; say so when it drops,
// since the queue would otherwise look frozen.
import { useEffect, useState } from 'react'
import { transport } from '../../api/transport'
import type { ConnectionState } from '../../api/transport-types'

export function ConnectionBanner() {
  const [state, setState] = useState<ConnectionState>('open')
  useEffect(() => transport().onConnection(setState), [])
  if (state !== 'reconnecting') return null
  return (
    <div className="banner banner-warning" role="status" data-testid="connection-banner">
      Lost the live connection to the MediaGen host — reconnecting. Progress shown may be out of date.
    </div>
  )
}
