// A segmented control: one choice among a few, as radio-like tabs.
interface TabsProps<T extends string> {
  value: T
  onChange(value: T): void
  options: { value: T; label: string; testId?: string }[]
  label: string
}

export function Tabs<T extends string>({ value, onChange, options, label }: TabsProps<T>) {
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="tab"
          aria-selected={o.value === value}
          className={`tab${o.value === value ? ' is-active' : ''}`}
          data-testid={o.testId}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  )
}
