// The current time, re-read every second while `ticking`, for clocks that count up.
import { useEffect, useState } from 'react'

export function useNow(ticking: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!ticking) return
    const timer = window.setInterval(() => setNow(Date.now()), everyMs)
    return () => window.clearInterval(timer)
  }, [ticking, everyMs])
  return now
}
