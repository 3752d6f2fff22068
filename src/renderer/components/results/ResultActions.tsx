// The actions on one finished result.
import { useState } from 'react'
import type { JobView, LibraryEntry } from '../../../shared/app/views'
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
  const [again, setAgain] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const file = entry ? primaryFile(entry) : undefined
  const saved = file?.state === 'saved'

  const runIt = () => {
    setAgain(true)
    void runAgain(job).finally(() => setAgain(false))
  }

  return (
    <div className="result-actions" role="group" aria-label="Result actions">
      <Button size="sm" busy={again} onClick={runIt} title="The same settings with a new seed" data-testid="result-run-again">
        Run again
      </Button>
      <Button size="sm" onClick={() => vary(job)} title="Load these settings into the form to change them" data-testid="result-vary">
        Vary
      </Button>
      {entry ? (
        <>
          <Button
            size="sm"
            disabled={!saved || !canRemix(entry)}
            onClick={() => file && void remixFromLibrary(entry, file.index)}
            title={canRemix(entry) ? 'Use this output as the input of a new request' : `No ${entry.modality} model takes an input file`}
            data-testid="result-use-as-input"
          >
            Use as input
          </Button>
          <ResultActionsButton entry={entry} file={file} />
          <Button
            size="sm"
            onClick={() => useNavigation.getState().openInGallery(entry.jobId)}
            title="Open this item in the Gallery, with its facts, files and actions"
            data-testid="result-open-gallery"
          >
            Open in gallery
          </Button>
          <Button size="sm" disabled={!saved} onClick={() => file && void reveal(entry, file.index)} data-testid="result-reveal">
            Show file
          </Button>
          {confirming ? (
            <span className="confirm-inline" role="group" aria-label="Confirm delete">
              <Button size="sm" variant="danger" onClick={() => void deleteResult(job, entry)} data-testid="result-confirm-delete">
                Delete
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </span>
          ) : (
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} data-testid="result-delete">
              Delete…
            </Button>
          )}
        </>
      ) : null}
    </div>
  )
}
