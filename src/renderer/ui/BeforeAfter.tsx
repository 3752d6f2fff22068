// Two pictures of the same thing, one over the other, with a divider to drag (or move
// with the arrow keys) between "before" on the left and "after" on the right.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useTranslation } from '../i18n/page-i18n'

interface Picture {
  src: string
  alt: string
}

interface BeforeAfterProps {
  before: Picture
  after: Picture
  /** Names the comparison for assistive technology. */
  label?: string
  testId?: string
  className?: string
}

const STEP = 5
const BIG_STEP = 25

/** Where a key moves the divider (percent of the width shown as "before"), or null if it does not. */
export function nextPosition(position: number, key: string, shift = false): number | null {
  const step = shift ? BIG_STEP : STEP
  const moves: Record<string, number> = { ArrowLeft: position - step, ArrowDown: position - step, ArrowRight: position + step, ArrowUp: position + step, PageDown: position - BIG_STEP, PageUp: position + BIG_STEP, Home: 0, End: 100 }
  const to = moves[key]
  return to === undefined ? null : Math.min(100, Math.max(0, to))
}

export function BeforeAfter({ before, after, label, testId, className }: BeforeAfterProps) {
  const { t } = useTranslation()
  const [position, setPosition] = useState(50)
  // The frame takes the result's shape, so the divider runs over the pictures, not a margin.
  const [ratio, setRatio] = useState<number | null>(null)
  const frameRef = useRef<HTMLDivElement>(null)
  const dragging = useRef(false)

  const follow = (clientX: number) => {
    const r = frameRef.current?.getBoundingClientRect()
    if (!r || r.width === 0) return
    setPosition(Math.round(Math.min(100, Math.max(0, ((clientX - r.left) / r.width) * 100))))
  }
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const to = nextPosition(position, e.key, e.shiftKey)
    if (to === null) return
    e.preventDefault()
    // Arrow keys also step the gallery viewer; here they move the divider only.
    e.stopPropagation()
    setPosition(to)
  }
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return
    dragging.current = true
    e.currentTarget.setPointerCapture(e.pointerId)
    follow(e.clientX)
  }

  return (
    <div
      ref={frameRef}
      className={`before-after${className ? ` ${className}` : ''}`}
      data-testid={testId}
      style={ratio ? { aspectRatio: `${ratio}`, width: `min(100%, calc(var(--before-after-max-h, 70vh) * ${ratio}))` } : undefined}
      onPointerDown={onDown}
      onPointerMove={(e) => dragging.current && follow(e.clientX)}
      onPointerUp={() => (dragging.current = false)}
      onPointerCancel={() => (dragging.current = false)}
    >
      <img className="before-after-img" src={after.src} alt={after.alt} draggable={false} onLoad={(e) => e.currentTarget.naturalHeight > 0 && setRatio(e.currentTarget.naturalWidth / e.currentTarget.naturalHeight)} />
      <img className="before-after-img before-after-before" src={before.src} alt={before.alt} draggable={false} style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }} />
      <span className="before-after-tag is-before" aria-hidden="true">
        {t('common:kit.beforeAfter.before')}
      </span>
      <span className="before-after-tag is-after" aria-hidden="true">
        {t('common:kit.beforeAfter.after')}
      </span>
      <div
        className="before-after-handle"
        role="slider"
        tabIndex={0}
        aria-label={label ?? t('common:kit.beforeAfter.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={position}
        aria-valuetext={t('common:kit.beforeAfter.position', { before: position / 100, after: (100 - position) / 100 })}
        aria-orientation="horizontal"
        style={{ left: `${position}%` }}
        onKeyDown={onKey}
      />
    </div>
  )
}
