// The actions on one finished result.
import { useState } from 'react'
import type { JobView, LibraryEntry } from '../../../shared/app/views'
import { useTranslation } from '../../i18n/page-i18n'
import { useNavigation } from '../../stores/navigation'
import { Button } from '../../ui/Button'
import { primaryFile } from '../entries/entry-media'
import { canRemix, remixFromLibrary } from '../actions/remix'
import { ResultActionsButton } from '../actions/ResultActionsButton'
import { deleteResult, reveal, runAgain, vary } from './result-actions'

interface ResultActionsProps {
  job: JobView
  /** Null until the outputs are in the library (only run again and vary apply before). */
  entry: LibraryEntry | null
}

export function ResultActions({ job, entry }: ResultActionsProps) {
  const { t } = useTranslation()
  const [again, setAgain] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const file = entry ? primaryFile(entry) : undefined
  const saved = file?.state === 'saved'

  const runIt = () => {
    setAgain(true)
    void runAgain(job).finally(() => setAgain(false))
  }

  return (
    <div className="result-actions" role="group" aria-label={t('results:actions.label')}>
      <Button size="sm" busy={again} onClick={runIt} title={t('results:actions.runAgainTitle')} data-testid="result-run-again">
        {t('results:actions.runAgain')}
      </Button>
      <Button size="sm" onClick={() => vary(job)} title={t('results:actions.varyTitle')} data-testid="result-vary">
        {t('results:actions.vary')}
      </Button>
      {entry ? (
        <>
          <Button
            size="sm"
            disabled={!saved || !canRemix(entry)}
            onClick={() => file && void remixFromLibrary(entry, file.index)}
            title={canRemix(entry) ? t('results:actions.useAsInputTitle') : t('results:actions.noInputModel', { modality: entry.modality })}
            data-testid="result-use-as-input"
          >
            {t('results:actions.useAsInput')}
          </Button>
          <ResultActionsButton entry={entry} file={file} />
          <Button
            size="sm"
            onClick={() => useNavigation.getState().openInGallery(entry.jobId)}
            title={t('results:actions.openGalleryTitle')}
            data-testid="result-open-gallery"
          >
            {t('results:actions.openGallery')}
          </Button>
          <Button size="sm" disabled={!saved} onClick={() => file && void reveal(entry, file.index)} data-testid="result-reveal">
            {t('results:actions.showFile')}
          </Button>
          {confirming ? (
            <span className="confirm-inline" role="group" aria-label={t('results:actions.confirmDelete')}>
              <Button size="sm" variant="danger" onClick={() => void deleteResult(job, entry)} data-testid="result-confirm-delete">
                {t('results:actions.delete')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                {t('results:actions.keep')}
              </Button>
            </span>
          ) : (
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} data-testid="result-delete">
              {t('results:actions.deleteAsk')}
            </Button>
          )}
        </>
      ) : null}
    </div>
  )
}
