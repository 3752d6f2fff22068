// The app's update status for a component: read once when it mounts, then kept current
// from the `update.changed` events (which are not kept for a page that was not listening).
import { useEffect, useState } from 'react'
import type { UpdateStatus } from '../../../shared/app/updates'
import { call, onEvent } from '../../api/client'

export function useUpdateStatus(): [UpdateStatus | null, (status: UpdateStatus) => void] {
  const [status, setStatus] = useState<UpdateStatus | null>(null)
  useEffect(() => {
    let mounted = true
    const off = onEvent('update.changed', setStatus)
    void call('updates.status', {}).then((r) => {
      // An event that came first is newer than this answer.
      if (mounted && r.ok) setStatus((now) => now ?? r.data)
    })
    return () => {
      mounted = false
      off()
    }
  }, [])
  return [status, setStatus]
}
