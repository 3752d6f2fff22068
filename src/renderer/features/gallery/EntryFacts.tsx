// Prompt, model, parameters, cost and dates of a library entry.
import type { LibraryEntry } from '../../../shared/app/views'
import { formatDateTime } from '../../format/dates'
import { formatCredits } from '../../format/numbers'
import { labelFor } from '../../forms/field-labels'
import { SeedFact } from '../../components/results/SeedFact'
import { MadeFrom } from '../../components/results/MadeFrom'
import { entryBlock } from '../../components/entries/entry-media'
import { t, useTranslation } from '../../i18n/page-i18n'

function formatValue(v: unknown): string {
  if (typeof v === 'string') return v
  if (Array.isArray(v)) return v.length === 0 ? '[]' : t('gallery:facts.listItems', { count: v.length })
  return JSON.stringify(v)
}

/** `onOpenSource` opens the output this one was made from (an edit's or upscale's input). */
export function EntryFacts({ entry, onOpenSource }: { entry: LibraryEntry; onOpenSource(source: LibraryEntry): void }) {
  const { t } = useTranslation()
  const params = Object.entries(entryBlock(entry))
  return (
    <div className="facts">
      {entry.prompt ? (
        <section>
          <h3 className="facts-head">{t('gallery:facts.prompt')}</h3>
          <p className="facts-prompt" data-testid="detail-prompt" translate="no">
            {entry.prompt}
          </p>
        </section>
      ) : null}
      <dl className="facts-list">
        <MadeFrom entry={entry} onOpen={onOpenSource} />
        <dt>{t('gallery:facts.model')}</dt>
        <dd data-testid="detail-model" translate="no">
          {entry.model}
        </dd>
        <dt>{t('gallery:facts.cost')}</dt>
        <dd>{entry.creditCost !== null ? formatCredits(entry.creditCost) : '—'}</dd>
        <dt>{t('gallery:facts.created')}</dt>
        <dd>{formatDateTime(entry.createdAt)}</dd>
        <dt>{t('gallery:facts.completed')}</dt>
        <dd>{formatDateTime(entry.completedAt)}</dd>
        <dt>{t('gallery:facts.saved')}</dt>
        <dd>{formatDateTime(entry.savedAt)}</dd>
        {entry.origin === 'elsewhere' ? (
          <>
            <dt>{t('gallery:facts.origin')}</dt>
            <dd>{t('gallery:facts.elsewhere')}</dd>
          </>
        ) : null}
      </dl>
      {params.length > 0 ? (
        <section>
          <h3 className="facts-head">{t('gallery:facts.parameters')}</h3>
          <dl className="facts-list facts-params">
            {params.map(([k, v]) => (
              <div key={k} className="facts-pair">
                {/* The service's names for its parameters, as Create labels them. */}
                <dt translate="no">{labelFor(k)}</dt>
                <dd translate="no" title={typeof v === 'string' ? v : JSON.stringify(v)}>{k === 'seed' ? <SeedFact request={{ params: { seed: v } }} bare /> : formatValue(v)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {entry.inputs.length > 0 ? (
        <section>
          <h3 className="facts-head">{t('gallery:facts.inputs')}</h3>
          <ul className="facts-inputs">
            {entry.inputs.map((i) => (
              <li key={`${i.field}-${i.sha256}`}>
                <span className="mono" translate="no">
                  {i.field}
                </span>{' '}
                · <span translate="no">{i.fileName}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
