// The search box: debounced so typing does not fire a query per key (Enter searches at
// once); `/` focuses it. An unseen copy of its hint holds the box at least as wide as the
// hint, in every language.
import { useEffect, useRef, useState } from 'react'
import { useLibrary } from '../../stores/library'
import { useNavigation } from '../../stores/navigation'
import { icons } from '../../ui/icons'
import { useTranslation } from '../../i18n/page-i18n'

const DEBOUNCE_MS = 250

export function GallerySearch() {
  const { t } = useTranslation()
  const query = useLibrary((s) => s.filters.query ?? '')
  const [text, setText] = useState(query)
  const input = useRef<HTMLInputElement>(null)
  const focusRequest = useNavigation((s) => s.searchFocusRequest)

  useEffect(() => {
    if (focusRequest > 0) input.current?.focus()
  }, [focusRequest])

  useEffect(() => {
    if (text === (useLibrary.getState().filters.query ?? '')) return
    const timer = window.setTimeout(() => useLibrary.getState().setFilters({ query: text }), DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
  }, [text])

  return (
    <div className="search">
      <span className="search-icon">{icons.search}</span>
      <label htmlFor="gallery-search" className="visually-hidden">
        {t('gallery:search.label')}
      </label>
      <input
        ref={input}
        id="gallery-search"
        type="search"
        className="input search-input"
        data-testid="gallery-search"
        placeholder={t('gallery:search.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Enter searches at once instead of waiting for the pause.
          if (e.key === 'Enter' && text !== (useLibrary.getState().filters.query ?? '')) useLibrary.getState().setFilters({ query: text })
          if (e.key === 'Escape' && text) {
            e.preventDefault()
            setText('')
          }
        }}
      />
      <span className="search-hint-width" aria-hidden="true">
        {t('gallery:search.placeholder')}
      </span>
      {text ? null : (
        <kbd className="search-kbd" aria-hidden="true">
          /
        </kbd>
      )}
    </div>
  )
}
