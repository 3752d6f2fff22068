// "Made from …": the library output a result was made from, as a link that opens it, or
// the name of the file from disk when it came from outside the library.
import type { LibraryEntry } from '../../../shared/app/views'
import { entryTitle } from '../entries/entry-media'
import { sourceInputOf } from './entry-source'
import { useSourceEntry } from './use-source-entry'

export function MadeFrom({ entry, onOpen }: { entry: LibraryEntry; onOpen(source: LibraryEntry): void }) {
  const input = sourceInputOf(entry)
  const lookup = useSourceEntry(input?.sourceJobId)
  if (!input) return null
  let what
  if (lookup.state === 'found') {
    what = (
      <button type="button" className="link-btn" onClick={() => onOpen(lookup.entry)} data-testid="made-from-link" data-job-id={lookup.entry.jobId}>
        {entryTitle(lookup.entry)}
      </button>
    )
  } else if (lookup.state === 'gone') what = <span>{input.fileName} (no longer in the library)</span>
  else if (lookup.state === 'loading') what = <span className="muted">…</span>
  else what = <span>{input.fileName} (a file from disk)</span>
  return (
    <>
      <dt>Made from</dt>
      <dd data-testid="made-from">{what}</dd>
    </>
  )
}
