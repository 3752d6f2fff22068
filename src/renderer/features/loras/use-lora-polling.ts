// LoRA training has no events; while any LoRA is on its way, refresh the list now and then.
import { useEffect } from 'react'
import { hasTrainingLoras, useLoras } from '../../stores/loras'

const INTERVAL_MS = 5000

export function useLoraPolling(): void {
  const training = useLoras((s) => hasTrainingLoras(s.items))
  useEffect(() => {
    if (!training) return
    const timer = window.setInterval(() => void useLoras.getState().load(), INTERVAL_MS)
    return () => window.clearInterval(timer)
  }, [training])
}
