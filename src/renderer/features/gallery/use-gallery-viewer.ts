// Which library item the gallery's viewer shows. Held by index (the grid's position) and
// by job: when an output arrives or leaves while it is open, the list shifts under it,
// and the viewer follows the item rather than the position. Also opens the item asked
// for from elsewhere (Create's "Open in gallery").
import { useEffect, useEffectEvent, useState, type RefObject } from 'react'
import type { LibraryEntry } from '../../../shared/app/views'
import { entryAt, findEntry, useLibrary } from '../../stores/library'
import { useNavigation } from '../../stores/navigation'
import { t } from '../../i18n/page-i18n'
import { toast } from '../../stores/toasts'
import type { GalleryGridHandle } from './GalleryGrid'
import { locateEntry } from './locate-entry'

export interface GalleryViewer {
  /** The item shown, or undefined when the viewer is closed. */
  open: LibraryEntry | undefined
  openIndex: number | null
  openAt(index: number | null): void
  step(delta: number): void
}

/** `onFiltersCleared` runs when opening an asked-for item had to clear the filters. */
export function useGalleryViewer(grid: RefObject<GalleryGridHandle | null>, onFiltersCleared: () => void): GalleryViewer {
  const total = useLibrary((s) => s.total)
  const wanted = useNavigation((s) => s.galleryItem)
  const [openIndex, setOpenIndex] = useState<number | null>(null)
  const [openJobId, setOpenJobId] = useState<string | null>(null)
  const atIndex = useLibrary((s) => (openIndex === null ? undefined : entryAt(s, openIndex)))
  const movedTo = useLibrary((s) => (openJobId === null ? undefined : findEntry(s, openJobId)?.index))
  if (openIndex !== null && movedTo !== undefined && movedTo !== openIndex) setOpenIndex(movedTo)
  // Stepped onto a page still on its way: the item is known once it arrives.
  if (openIndex !== null && openJobId === null && atIndex) setOpenJobId(atIndex.jobId)
  // While the page of the next item is on its way, the viewer keeps showing the last one.
  const [lastOpen, setLastOpen] = useState<LibraryEntry | undefined>(undefined)
  if (atIndex && atIndex !== lastOpen) setLastOpen(atIndex)

  const filtersCleared = useEffectEvent(onFiltersCleared)
  useEffect(() => {
    if (!wanted) return
    let current = true
    void locateEntry(wanted).then(({ index, clearedFilters }) => {
      if (!current) return
      useNavigation.getState().galleryItemHandled()
      if (clearedFilters) filtersCleared()
      if (index === null) return toast.warning(t('gallery:view.gone'))
      grid.current?.reveal(index)
      setOpenIndex(index)
      setOpenJobId(wanted)
    })
    return () => {
      current = false
    }
  }, [wanted, grid])

  const openAt = (index: number | null) => {
    setOpenIndex(index)
    setOpenJobId(index === null ? null : (entryAt(useLibrary.getState(), index)?.jobId ?? null))
  }
  const step = (delta: number) => {
    if (openIndex === null) return
    const next = openIndex + delta
    if (next < 0 || next >= total) return
    void useLibrary.getState().ensureRange(next - 1, next + 2)
    grid.current?.reveal(next)
    openAt(next)
  }
  return { open: openIndex === null ? undefined : (atIndex ?? lastOpen), openIndex, openAt, step }
}
