import { icons } from '../ui/icons'
import { useNavigation, VIEW_LABELS, VIEWS, type View } from '../stores/navigation'
import { useJobs } from '../stores/jobs'
import { isActive } from '../../shared/app/job-state'
import { CreditsBadge } from './CreditsBadge'
import { fetchView } from './views'

const ICONS: Record<View, keyof typeof icons> = {
  create: 'create',
  queue: 'queue',
  gallery: 'gallery',
  tools: 'tools',
  loras: 'loras',
  legacy: 'legacy',
  spend: 'spend',
  settings: 'settings'
}

const mod = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform) ? '⌘' : 'Ctrl+'

function useActiveJobCount(): number {
  return useJobs((s) => Object.values(s.byId).filter(isActive).length)
}

export function Sidebar() {
  const view = useNavigation((s) => s.view)
  const go = useNavigation((s) => s.go)
  const active = useActiveJobCount()

  return (
    <aside className="sidebar" aria-label="Sidebar">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">MediaGen Studio</span>
      </div>
      <nav aria-label="Main">
        <ul className="nav-list">
          {VIEWS.map((v, i) => (
            <li key={v}>
              <button
                type="button"
                className={`nav-item${v === view ? ' is-active' : ''}`}
                aria-current={v === view ? 'page' : undefined}
                data-testid={`nav-${v}`}
                title={`${VIEW_LABELS[v]} (${mod}${i + 1})`}
                onClick={() => go(v)}
                // A pointer on its way to a view's button fetches the view's code, if it is not here yet.
                onPointerEnter={() => void fetchView(v)}
                onFocus={() => void fetchView(v)}
              >
                <span className="nav-icon" aria-hidden="true">
                  {icons[ICONS[v]]}
                </span>
                {/* The button's name is its visible text; in a narrow window the label is only hidden from sight. */}
                <span className="nav-label">{VIEW_LABELS[v]}</span>
                {v === 'queue' && active > 0 ? (
                  <span className="nav-count">
                    {active}
                    <span className="visually-hidden"> active</span>
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar-foot">
        <CreditsBadge />
      </div>
    </aside>
  )
}
