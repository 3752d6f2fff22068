// A button that opens a menu of actions (the WAI-ARIA menu button pattern): Enter, Space or
// the down arrow open it on its first item, the up arrow on its last; the arrows, Home and
// End walk the items; Escape closes it and gives the focus back to the button; Tab or a
// click outside closes it. An item closes the menu when chosen unless it asks to stay (a
// step that asks to confirm in place).
import { createContext, useContext, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react'

interface MenuButtonProps {
  /** What the button shows. */
  label: ReactNode
  /** The button's name, when what it shows is a sign rather than words. */
  buttonLabel?: string
  testId: string
  align?: 'start' | 'end'
  children: ReactNode
}

/** Closes the menu; `refocus` puts the focus back on its button. */
const CloseMenu = createContext<(refocus: boolean) => void>(() => undefined)

const ITEM = '[role="menuitem"]:not([aria-disabled="true"])'

/** An item replaced under the focus (a step that asks to confirm, or Keep after it) hands
 *  the focus to the item now in its place, so the keyboard is never left on the page. */
function useFocusKeptInside(list: RefObject<HTMLDivElement | null>, open: boolean): void {
  useEffect(() => {
    const el = list.current
    if (!open || !el) return
    const items = () => [...el.querySelectorAll<HTMLElement>(ITEM)]
    let at = 0
    const onFocus = () => (at = Math.max(0, items().indexOf(document.activeElement as HTMLElement)))
    const watch = new MutationObserver(() => {
      if (!el.contains(document.activeElement)) items()[Math.min(at, items().length - 1)]?.focus()
    })
    el.addEventListener('focusin', onFocus)
    watch.observe(el, { childList: true, subtree: true })
    return () => {
      el.removeEventListener('focusin', onFocus)
      watch.disconnect()
    }
  }, [list, open])
}

export function MenuButton({ label, buttonLabel, testId, align = 'start', children }: MenuButtonProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLDivElement>(null)
  const id = useId()
  const items = () => [...(list.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])]

  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }

  useEffect(() => {
    if (!open) return
    const all = items()
    ;(open === 'last' ? all[all.length - 1] : all[0])?.focus()
    const outside = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  useFocusKeptInside(list, open !== false)

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      setOpen(e.key === 'ArrowDown' ? 'first' : 'last')
    }
  }
  const onListKey = (e: KeyboardEvent) => {
    const all = items()
    const at = all.indexOf(document.activeElement as HTMLElement)
    const to = { ArrowDown: (at + 1) % all.length, ArrowUp: (at - 1 + all.length) % all.length, Home: 0, End: all.length - 1 }[e.key]
    if (to !== undefined) {
      e.preventDefault()
      all[to]?.focus()
    } else if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      close(true)
    } else if (e.key === 'Tab') close(false)
  }

  return (
    <div ref={root} className={`menu-button is-${align}`}>
      <button
        ref={button}
        type="button"
        className="btn btn-secondary btn-sm"
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? id : undefined}
        aria-label={buttonLabel}
        title={buttonLabel}
        data-testid={testId}
        onClick={() => setOpen(open ? false : 'first')}
        onKeyDown={onButtonKey}
      >
        {label}
      </button>
      {open ? (
        <div ref={list} id={id} role="menu" tabIndex={-1} aria-label={buttonLabel} className="menu-list" data-testid={`${testId}-items`} onKeyDown={onListKey}>
          <CloseMenu.Provider value={close}>{children}</CloseMenu.Provider>
        </div>
      ) : null}
    </div>
  )
}

interface MenuItemProps {
  onSelect(): void
  /** Keeps the menu open when chosen: the item shows the next step in place. */
  stay?: boolean
  danger?: boolean
  title?: string
  testId?: string
  children: ReactNode
}

export function MenuItem({ onSelect, stay = false, danger = false, title, testId, children }: MenuItemProps) {
  const close = useContext(CloseMenu)
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={`menu-item${danger ? ' is-danger' : ''}`}
      title={title}
      data-testid={testId}
      onClick={() => {
        if (!stay) close(true)
        onSelect()
      }}
    >
      {children}
    </button>
  )
}

/** A named group of items (the folders a board can move into), with its name shown above them. */
export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId()
  return (
    <div role="group" aria-labelledby={id} className="menu-group">
      <div id={id} className="menu-group-label" role="presentation">
        {label}
      </div>
      {children}
    </div>
  )
}

export function MenuSeparator() {
  return <div role="separator" className="menu-separator" />
}
