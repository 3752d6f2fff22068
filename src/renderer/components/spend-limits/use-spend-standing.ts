// The spending limits' standing for a view that shows it: loaded when the view opens and
// again shortly after jobs change (a send, a cost the service said, a refund), at most
// once a second however many jobs report progress.
import { useEffect } from 'react'
import type { SpendStanding } from '../../../shared/app/spend-limits'
import { onEvent } from '../../api/client'
import { useSpendLimits } from '../../stores/spend-limits'

const RELOAD_AFTER_MS = 1000

export function useSpendStanding(): SpendStanding | null {
  const standing = useSpendLimits((s) => s.standing)
  useEffect(() => {
    void useSpendLimits.getState().load()
    let timer: ReturnType<typeof setTimeout> | null = null
    const off = onEvent('job.updated', () => {
      timer ??= setTimeout(() => {
        timer = null
        void useSpendLimits.getState().load()
      }, RELOAD_AFTER_MS)
    })
    return () => {
      off()
      if (timer) clearTimeout(timer)
    }
  }, [])
  return standing
}
