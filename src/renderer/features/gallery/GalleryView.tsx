// Gallery: the offline library, searchable, filterable by modality, paged as it scrolls.
import { useEffect, useRef, useState } from 'react'
import { useLibrary, type ModalityFilter } from '../../stores/library'
import { useNavigation } from '../../stores/navigation'
import { Button } from '../../ui/Button'
import { EmptyState } from '../../ui/EmptyState'
import { icons } from '../../ui/icons'
import { Tabs } from '../../ui/Tabs'
import { GalleryDetail } from './GalleryDetail'
import { GalleryItem } from './GalleryItem'
import { GallerySearch } from './GallerySearch'

const FILTERS: { value: ModalityFilter; label: string; testId: string }[] = [
  { value: 'all', label: 'All', testId: 'gallery-filter-all' },
  { value: 'image', label: 'Images', testId: 'gallery-filter-image' },
  { value: 'video', label: 'Videos', testId: 'gallery-filter-video' },
  { value: 'music', label: 'Music', testId: 'gallery-filter-music' }
]

export function GalleryView() {
  const { entries, total, modality, query, loading, loaded, error } = useLibrary()
  const go = useNavigation((s) => s.go)
  const [openId, setOpenId] = useState<string | null>(null)
  const sentinel = useRef<HTMLDivElement>(null)
  const open = entries.find((e) => e.jobId === openId)
  const [searchReset, setSearchReset] = useState(0)
  const showEverything = () => {
    useLibrary.getState().setQuery('')
    // The search box keeps its own text; a new key starts it empty.
    setSearchReset((n) => n + 1)
    useLibrary.getState().setModality('all')
  }

  // Load the next page when the end of the grid scrolls into view.
  useEffect(() => {
    const el = sentinel.current
    if (!el) return
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((s) => s.isIntersecting)) void useLibrary.getState().loadMore()
    }, { rootMargin: '400px' })
    observer.observe(el)
    return () => observer.disconnect()
  }, [entries.length])

  return (
    <div className="view-inner">
      <header className="view-head">
        <div>
          <h1 className="view-title">Gallery</h1>
          <p className="view-sub" data-testid="gallery-count">
            {loaded ? `${total.toLocaleString()} item${total === 1 ? '' : 's'}${query ? ` matching “${query}”` : ''}` : 'Loading…'}
          </p>
        </div>
        <div className="toolbar">
          <GallerySearch key={searchReset} />
          <Tabs label="Show" value={modality} onChange={(m) => useLibrary.getState().setModality(m)} options={FILTERS} />
        </div>
      </header>
      {error ? <p className="notice notice-danger">Could not load the library: {error}</p> : null}
      {loaded && entries.length === 0 ? (
        <EmptyState
          icon={icons.gallery}
          title={query || modality !== 'all' ? 'Nothing found' : 'Your library is empty'}
          action={
            query || modality !== 'all' ? (
              <Button onClick={showEverything} data-testid="gallery-show-all">
                Show everything
              </Button>
            ) : (
              <Button variant="primary" onClick={() => go('create')}>
                Create something
              </Button>
            )
          }
        >
          {query || modality !== 'all' ? 'Try other words or another filter.' : 'Every output you generate is saved here, even when offline.'}
        </EmptyState>
      ) : (
        <>
          <ul className="gallery-grid" data-testid="gallery-grid">
            {entries.map((e) => (
              <GalleryItem key={e.jobId} entry={e} onOpen={() => setOpenId(e.jobId)} />
            ))}
          </ul>
          <div ref={sentinel} className="gallery-more">
            {entries.length < total ? (
              <Button busy={loading} onClick={() => void useLibrary.getState().loadMore()} data-testid="gallery-load-more">
                Load more ({(total - entries.length).toLocaleString()} left)
              </Button>
            ) : null}
          </div>
        </>
      )}
      {open ? <GalleryDetail key={open.jobId} entry={open} onClose={() => setOpenId(null)} /> : null}
    </div>
  )
}
