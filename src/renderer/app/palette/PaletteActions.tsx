// The actions on a result, listed in the palette with their keys: chosen here, they open
// on the newest finished picture of Create (the menu shows the model and price first).
import { useShallow } from 'zustand/react/shallow'
import { sentJobs } from '../../stores/job-views'
import { useJobs } from '../../stores/jobs'
import { useNavigation } from '../../stores/navigation'
import { useResultActions } from '../../stores/result-actions'
import { useTranslation } from '../../i18n/page-i18n'
import { ACTION_KEYS, ariaKeys, keyLabel } from '../../components/actions/action-keys'

const PICTURE_KINDS = ['image', 'upscale', 'edit', 'background'] as const

function useNewestPicture(): string | null {
  return useJobs(useShallow((s) => sentJobs(s, PICTURE_KINDS).find((j) => j.status === 'COMPLETED' && j.saved === 'saved')?.jobId ?? null))
}

export function PaletteActions({ query, onChosen }: { query: string; onChosen(): void }) {
  const { t } = useTranslation()
  const newest = useNewestPicture()
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const shown = ACTION_KEYS.filter((k) => {
    const text = `${t(`tools:actions.names.${k.action}`)} ${t('palette:actions.word')}`.toLowerCase()
    return words.every((w) => text.includes(w))
  })
  if (shown.length === 0) return null
  return (
    <section className="palette-actions" aria-labelledby="palette-actions-title" data-testid="palette-actions">
      <h3 id="palette-actions-title" className="palette-actions-title">
        {t('palette:actions.title')}
      </h3>
      {newest ? null : <p className="muted">{t('palette:actions.noResult')}</p>}
      <ul className="palette-actions-list">
        {shown.map((k) => (
          <li key={k.action}>
            <button
              type="button"
              className="palette-action"
              disabled={!newest}
              aria-keyshortcuts={ariaKeys(k)}
              onClick={() => {
                if (!newest) return
                onChosen()
                useNavigation.getState().go('create')
                useResultActions.getState().show(newest, k.action)
              }}
              data-testid={`palette-action-${k.action}`}
            >
              <span>{t(`tools:actions.names.${k.action}`)}</span>
              <kbd translate="no">{keyLabel(k)}</kbd>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
