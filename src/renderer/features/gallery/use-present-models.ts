// The models the gallery's model filter offers: those the library holds entries of (asked
// of the engine's index, again after each change to the library), labelled from the
// registry, plus the one chosen should it have just left the library, so the filter still
// says what it holds.
import { useEffect, useState } from 'react'
import { listModels } from '../../../shared/api'
import { call, onEvent } from '../../api/client'

const LABELS = new Map(listModels().map((m) => [m.id, `${m.label} (${m.id})`]))

export interface ModelOption {
  value: string
  label: string
}

export function usePresentModels(chosen: string | undefined): ModelOption[] {
  const [present, setPresent] = useState<string[]>([])
  useEffect(() => {
    let live = true
    let asking = false
    let again = false
    // One question at a time; changes that arrive meanwhile ask once more after it.
    const ask = async () => {
      if (asking) return void (again = true)
      asking = true
      const r = await call('library.models', {})
      asking = false
      if (live && r.ok) setPresent(r.data)
      if (live && again) {
        again = false
        void ask()
      }
    }
    void ask()
    const offs = [onEvent('library.updated', () => void ask()), onEvent('library.removed', () => void ask())]
    return () => {
      live = false
      offs.forEach((off) => off())
    }
  }, [])
  const ids = chosen && !present.includes(chosen) ? [...present, chosen] : present
  return ids.map((id) => ({ value: id, label: LABELS.get(id) ?? id }))
}
