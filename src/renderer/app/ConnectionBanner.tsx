// In the browser the live events come over one SSE connection; say so when it drops,
// since the queue would otherwise look frozen.
import { useEffect, useState } from 'react'
import { transport } from '../api/transport'
import type { ConnectionState } from '../api/transport-types'
import { useTranslation } from '../i18n/page-i18n'
import { TOKEN_END } from './StaleTokenScreen'

export function ConnectionBanner() {
  const { t } = useTranslation()
  const [state, setState] = useState<ConnectionState>('open')
  useEffect(() => transport().onConnection(setState), [])
  if (state === 'rejected') {
    return (
      <div className="banner banner-warning" role="alert" data-testid="connection-banner" data-state="rejected">
        {t('shell:connection.rejected', { token: TOKEN_END })}
      </div>
    )
  }
  if (state !== 'reconnecting') return null
  return (
    <div className="banner banner-warning" role="status" data-testid="connection-banner">
      {t('shell:connection.reconnecting')}
    </div>
  )
}
