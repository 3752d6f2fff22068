// "Made from …": the library output a result was made from, as a link that opens it, or
// the name of the file from disk when it came from outside the library.
import type { LibraryEntry } from '../../../shared/app/views'
import { Trans, useTranslation } from '../../i18n/page-i18n'
import { entryTitle } from '../entries/entry-media'
import { sourceInputOf } from './entry-source'
import { useSourceEntry } from './use-source-entry'

export function MadeFrom({ entry, onOpen }: { entry: LibraryEntry; onOpen(source: LibraryEntry): void }) {
  const { t } = useTranslation()
  const input = sourceInputOf(entry)
  const lookup = useSourceEntry(input?.sourceJobId)
  if (!input) return null
  let what
  if (lookup.state === 'found') {
    what = (
      <button type="button" className="link-btn" onClick={() => onOpen(lookup.entry)} data-testid="made-from-link" data-job-id={lookup.entry.jobId}>
        <span translate="no">{entryTitle(lookup.entry)}</span>
      </button>
    )
  } else if (lookup.state === 'gone') what = <Trans t={t} i18nKey="results:madeFrom.gone" components={{ name: <span translate="no">{input.fileName}</span> }} />
  else if (lookup.state === 'loading') what = <span className="muted">…</span>
  else what = <Trans t={t} i18nKey="results:madeFrom.disk" components={{ name: <span translate="no">{input.fileName}</span> }} />
  return (
    <>
      <dt>{t('results:madeFrom.label')}</dt>
      <dd data-testid="made-from">{what}</dd>
    </>
  )
}
