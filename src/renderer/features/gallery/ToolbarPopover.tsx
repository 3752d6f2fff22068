// A button in the gallery's toolbar that opens a small panel of secondary controls under it
// (the filters used less often, the boards' file): a <details> element, so the keyboard
// opens it (Enter or Space on its button) and Tab walks into it with no script. A click
// outside or Escape closes it; Escape gives the focus back to its button. The panel opens
// on the side asked for, or on the other when it would spill past the window's edge there.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'

type Side = 'start' | 'end'

/** The side the panel opens on: `align`, unless only the other keeps it inside the window. */
function sideFor(button: DOMRect, panelWidth: number, align: Side): Side {
  const fitsStart = button.left + panelWidth <= window.innerWidth - 8
  const fitsEnd = button.right - panelWidth >= 8
  if (align === 'start') return fitsStart || !fitsEnd ? 'start' : 'end'
  return fitsEnd || !fitsStart ? 'end' : 'start'
}

interface ToolbarPopoverProps {
  /** What the button says (a count of the filters set in it, say). */
  label: ReactNode
  /** The panel's name for a screen reader. */
  panelLabel: string
  /** The button's name, when what it shows is a sign rather than words. */
  buttonLabel?: string
  testId: string
  /** Marks the button when something in the panel is set, so it shows while closed. */
  active?: boolean
  align?: Side
  children: ReactNode
}

export function ToolbarPopover({ label, panelLabel, buttonLabel, testId, active = false, align = 'start', children }: ToolbarPopoverProps) {
  const details = useRef<HTMLDetailsElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const [side, setSide] = useState<Side>(align)

  useLayoutEffect(() => {
    if (!open) return
    const place = () => {
      if (details.current && panel.current) setSide(sideFor(details.current.getBoundingClientRect(), panel.current.offsetWidth, align))
    }
    place()
    window.addEventListener('resize', place)
    return () => window.removeEventListener('resize', place)
  }, [open, align])

  useEffect(() => {
    if (!open) return
    const outside = (e: PointerEvent) => {
      if (details.current && !details.current.contains(e.target as Node)) details.current.open = false
    }
    const onKey = (e: KeyboardEvent) => {
      // A dialog opened from the panel takes its own Escape.
      if (e.key !== 'Escape' || !details.current || document.querySelector('dialog[open]')) return
      details.current.open = false
      details.current.querySelector('summary')?.focus()
    }
    document.addEventListener('pointerdown', outside)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', outside)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <details ref={details} className={`toolbar-popover is-${side}`} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className={`btn btn-secondary btn-sm${active ? ' is-active' : ''}`} data-testid={testId} aria-label={buttonLabel} title={buttonLabel}>
        {label}
      </summary>
      <div ref={panel} className="toolbar-popover-panel" role="group" aria-label={panelLabel} data-testid={`${testId}-panel`}>
        {children}
      </div>
    </details>
  )
}
