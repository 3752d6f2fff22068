import { icons } from '../ui/icons'
import { useNavigation, VIEW_LABEL_KEYS, VIEWS, type View } from '../stores/navigation'
import { useJobs } from '../stores/jobs'
import { isActive } from '../../shared/app/job-state'
import { useTranslation } from '../i18n/page-i18n'
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

const mac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform)

function useActiveJobCount(): number {
  return useJobs((s) => Object.values(s.byId).filter(isActive).length)
}

export function Sidebar() {
  const { t } = useTranslation()
  const view = useNavigation((s) => s.view)
  const go = useNavigation((s) => s.go)
  const active = useActiveJobCount()

  return (
    <aside className="sidebar" aria-label={t('shell:sidebar.label')}>
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        {/* The product's name is the same in every language. */}
        <span className="brand-name" translate="no">
          MediaGen Studio
        </span>
      </div>
      <nav aria-label={t('shell:sidebar.nav')}>
        <ul className="nav-list">
          {VIEWS.map((v, i) => (
            <li key={v}>
              <button
                type="button"
                className={`nav-item${v === view ? ' is-active' : ''}`}
                aria-current={v === view ? 'page' : undefined}
                data-testid={`nav-${v}`}
                title={t('shell:sidebar.shortcut', { view: t(VIEW_LABEL_KEYS[v]), keys: t(mac ? 'common:keys.macShortcut' : 'common:keys.shortcut', { key: i + 1 }) })}
                onClick={() => go(v)}
                // A pointer on its way to a view's button fetches the view's code, if it is not here yet.
                onPointerEnter={() => void fetchView(v)}
                onFocus={() => void fetchView(v)}
              >
                <span className="nav-icon" aria-hidden="true">
                  {icons[ICONS[v]]}
                </span>
                {/* The button's name is its visible text; in a narrow window the label is only hidden from sight. */}
                <span className="nav-label">{t(VIEW_LABEL_KEYS[v])}</span>
                {v === 'queue' && active > 0 ? (
                  <span className="nav-count">
                    <span aria-hidden="true">{t('common:number', { value: active })}</span>
                    <span className="visually-hidden">{t('shell:sidebar.activeJobs', { count: active })}</span>
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
