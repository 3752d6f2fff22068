// Prompt, model, parameters, cost and dates of a library entry.
import type { LibraryEntry } from '../../../shared/app/views'
import { formatDateTime } from '../../format/dates'
import { formatCredits } from '../../format/numbers'
import { labelFor } from '../../forms/field-labels'
import { SeedFact } from '../../components/results/SeedFact'
import { MadeFrom } from '../../components/results/MadeFrom'
import { entryBlock } from '../../components/entries/entry-media'

function formatValue(v: unknown): string {
  if (typeof v === 'string') return v
  if (Array.isArray(v)) return v.length === 0 ? '[]' : `${v.length} item${v.length === 1 ? '' : 's'}`
  return JSON.stringify(v)
}

/** `onOpenSource` opens the output this one was made from (an edit's or upscale's input). */
export function EntryFacts({ entry, onOpenSource }: { entry: LibraryEntry; onOpenSource(source: LibraryEntry): void }) {
  const params = Object.entries(entryBlock(entry))
  return (
    <div className="facts">
      {entry.prompt ? (
        <section>
          <h3 className="facts-head">Prompt</h3>
          <p className="facts-prompt" data-testid="detail-prompt">
            {entry.prompt}
          </p>
        </section>
      ) : null}
      <dl className="facts-list">
        <MadeFrom entry={entry} onOpen={onOpenSource} />
        <dt>Model</dt>
        <dd data-testid="detail-model">{entry.model}</dd>
        <dt>Cost</dt>
        <dd>{entry.creditCost !== null ? formatCredits(entry.creditCost) : '—'}</dd>
        <dt>Created</dt>
        <dd>{formatDateTime(entry.createdAt)}</dd>
        <dt>Completed</dt>
        <dd>{formatDateTime(entry.completedAt)}</dd>
        <dt>Saved</dt>
        <dd>{formatDateTime(entry.savedAt)}</dd>
        {entry.origin === 'elsewhere' ? (
          <>
            <dt>Origin</dt>
            <dd>Submitted outside this app</dd>
          </>
        ) : null}
      </dl>
      {params.length > 0 ? (
        <section>
          <h3 className="facts-head">Parameters</h3>
          <dl className="facts-list facts-params">
            {params.map(([k, v]) => (
              <div key={k} className="facts-pair">
                <dt>{labelFor(k)}</dt>
                <dd title={typeof v === 'string' ? v : JSON.stringify(v)}>{k === 'seed' ? <SeedFact request={{ params: { seed: v } }} bare /> : formatValue(v)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {entry.inputs.length > 0 ? (
        <section>
          <h3 className="facts-head">Inputs</h3>
          <ul className="facts-inputs">
            {entry.inputs.map((i) => (
              <li key={`${i.field}-${i.sha256}`}>
                <span className="mono">{i.field}</span> · {i.fileName}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
