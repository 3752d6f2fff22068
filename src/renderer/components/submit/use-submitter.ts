// One submission at a time, whether it came from the button or from Ctrl/Cmd+Enter.
import { useEffect, useRef, useState } from 'react'
import { useSubmitShortcut } from './use-submit-shortcut'

export function useSubmitter(run: () => Promise<unknown>): { busy: boolean; submit: () => void } {
  const [busy, setBusy] = useState(false)
  const inFlight = useRef(false)
  const latest = useRef(run)
  useEffect(() => {
    latest.current = run
  })

  const submit = () => {
    if (inFlight.current) return
    inFlight.current = true
    setBusy(true)
    void latest.current().finally(() => {
      inFlight.current = false
      setBusy(false)
    })
  }
  useSubmitShortcut(submit, true)
  return { busy, submit }
}
