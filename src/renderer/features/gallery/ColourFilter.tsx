// Filter by a colour: a swatch picker in the filter bar. A swatch (or any colour from the
// system's picker) asks the library for the items whose dominant palette shows it (a colour
// covering 5 % or more within a short distance of it, see shared/media/colour-match).
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
import { useLibrary } from '../../stores/library'

/** The swatches offered: the hues a creator names, with white, grey and black. */
export const SWATCHES = [
  { hex: '#d8302c', name: 'red' },
  { hex: '#ee8a2a', name: 'orange' },
  { hex: '#f0cf3a', name: 'yellow' },
  { hex: '#4caf50', name: 'green' },
  { hex: '#2bb3b1', name: 'teal' },
  { hex: '#2f6fdf', name: 'blue' },
  { hex: '#7a48c8', name: 'purple' },
  { hex: '#e46aa8', name: 'pink' },
  { hex: '#8a5a3c', name: 'brown' },
  { hex: '#f4f4f2', name: 'white' },
  { hex: '#8c8c8c', name: 'grey' },
  { hex: '#161616', name: 'black' }
] as const

export function ColourFilter() {
  const { t } = useTranslation()
  const colour = useLibrary((s) => s.filters.colour)
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  const set = (hex: string | undefined) => useLibrary.getState().setFilters({ colour: hex })
  const named = SWATCHES.find((s) => s.hex === colour)

  // A click elsewhere or Escape closes the picker.
  useEffect(() => {
    if (!open) return
    const away = (e: PointerEvent) => box.current && !box.current.contains(e.target as Node) && setOpen(false)
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false)
    document.addEventListener('pointerdown', away)
    document.addEventListener('keydown', esc)
    return () => {
      document.removeEventListener('pointerdown', away)
      document.removeEventListener('keydown', esc)
    }
  }, [open])

  return (
    <div className="colour-filter" ref={box}>
      <button type="button" className="btn btn-secondary btn-md colour-filter-button" aria-expanded={open} data-testid="filter-colour" onClick={() => setOpen(!open)}>
        <span className={`colour-dot${colour ? '' : ' is-any'}`} style={colour ? { background: colour } : undefined} aria-hidden="true" />
        {colour ? (named ? t(`gallery:look.colours.${named.name}`) : t('gallery:look.colourCustomChosen')) : t('gallery:look.colourAny')}
      </button>
      {open ? (
        <div className="colour-popover" role="group" aria-label={t('gallery:look.colourLabel')} data-testid="colour-picker">
          <div className="colour-swatches">
            {SWATCHES.map((s) => (
              <button
                key={s.hex}
                type="button"
                className="colour-swatch"
                style={{ background: s.hex }}
                aria-pressed={colour === s.hex}
                aria-label={t(`gallery:look.colours.${s.name}`)}
                title={t(`gallery:look.colours.${s.name}`)}
                data-testid={`colour-${s.name}`}
                onClick={() => {
                  set(s.hex)
                  setOpen(false)
                }}
              />
            ))}
          </div>
          <label className="colour-custom">
            <input type="color" value={colour ?? '#808080'} data-testid="colour-custom" onChange={(e) => set(e.target.value.toLowerCase())} />
            <span>{t('gallery:look.colourCustom')}</span>
          </label>
          <button type="button" className="btn btn-ghost btn-sm" disabled={!colour} data-testid="colour-clear" onClick={() => { set(undefined); setOpen(false) }}>
            {t('gallery:look.colourAny')}
          </button>
        </div>
      ) : null}
    </div>
  )
}
