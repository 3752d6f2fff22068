// Which Queue rows are selected for a bulk action, by local id, with the file-manager
// rules the gallery uses (a check box toggles one; shift extends from the last one
// clicked). Actions take only the selected jobs still shown, so a search that hides a
// selected job keeps it out of the next action.
import { useMemo, useState } from 'react'
import type { JobView } from '../../../shared/app/views'
import { nextSelection } from '../../stores/gallery-selection'

export interface QueueSelection {
  /** The selected jobs among those shown, in list order. */
  chosen: JobView[]
  isSelected(localId: string): boolean
  click(index: number, shift: boolean): void
  /** Selects every shown job, or clears the selection when they all are. */
  toggleAll(): void
  clear(): void
}

export function useQueueSelection(shown: readonly JobView[]): QueueSelection {
  const [state, setState] = useState<{ ids: ReadonlySet<string>; anchor: number | null }>({ ids: new Set(), anchor: null })
  const chosen = useMemo(() => shown.filter((j) => state.ids.has(j.localId)), [shown, state.ids])
  const allChosen = shown.length > 0 && chosen.length === shown.length
  return {
    chosen,
    isSelected: (localId) => state.ids.has(localId),
    click: (index, shift) => setState((s) => nextSelection(s, index, { shift, toggle: true }, (i) => shown[i]?.localId)),
    toggleAll: () => setState(allChosen ? { ids: new Set(), anchor: null } : { ids: new Set(shown.map((j) => j.localId)), anchor: null }),
    clear: () => setState({ ids: new Set(), anchor: null })
  }
}
