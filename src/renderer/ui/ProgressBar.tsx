interface ProgressBarProps {
  /** 0..100, or null while the service has not reported progress. */
  value: number | null
  label: string
  tone?: 'accent' | 'success' | 'danger' | 'muted'
  size?: 'sm' | 'md'
}

export function ProgressBar({ value, label, tone = 'accent', size = 'md' }: ProgressBarProps) {
  const clamped = value === null ? null : Math.max(0, Math.min(100, Math.round(value)))
  return (
    <div
      className={`progress progress-${tone} progress-${size}${clamped === null ? ' is-indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped ?? undefined}
      data-testid="progress-bar"
    >
      <div className="progress-fill" style={clamped === null ? undefined : { width: `${clamped}%` }} />
    </div>
  )
}
