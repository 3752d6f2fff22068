// The results' place before the first send: what will show there, that every result is
// kept in the library whatever happens to the window, and the way to what was made before.
import { useTranslation } from '../../i18n/page-i18n'
import { useNavigation } from '../../stores/navigation'
import { Button } from '../../ui/Button'

export function ResultsEmpty() {
  const { t } = useTranslation()
  return (
    <section className="results results-empty" aria-label={t('results:list.title')} data-testid="results-empty">
      <h2 className="results-title">{t('results:list.title')}</h2>
      <p className="results-empty-lead">{t('results:empty.lead')}</p>
      <p className="muted">{t('results:empty.kept')}</p>
      <Button size="sm" variant="ghost" onClick={() => useNavigation.getState().go('gallery')} data-testid="results-empty-gallery">
        {t('results:empty.gallery')}
      </Button>
    </section>
  )
}
