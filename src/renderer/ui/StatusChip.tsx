export type ChipTone = 'neutral' | 'info' | 'accent' | 'success' | 'warning' | 'danger'

interface StatusChipProps {
  label: string
  tone: ChipTone
  /** Animated dot for states that are still moving. */
  live?: boolean
  testId?: string
}

export function StatusChip({ label, tone, live, testId }: StatusChipProps) {
  return (
    <span className={`chip chip-${tone}`} data-testid={testId}>
      <span className={`chip-dot${live ? ' is-live' : ''}`} aria-hidden="true" />
      {label}
    </span>
  )
}
