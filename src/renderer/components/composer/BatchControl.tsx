// "× N" beside Generate: how many jobs one Generate sends (1–16), each with its own seed
// where the model takes one, or N takes of the same request where it does not.
import { useId } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
import { MAX_BATCH, useCreateOptions } from '../../stores/create-options'

export function BatchControl({ seeded, modelLabel }: { seeded: boolean; modelLabel: string | undefined }) {
  const { t } = useTranslation()
  const id = useId()
  const batch = useCreateOptions((s) => s.batch)
  const setBatch = useCreateOptions((s) => s.setBatch)
  return (
    <div className="batch-control">
      <label htmlFor={id} className="batch-label">
        {t('create:batch.label')} <span aria-hidden="true">×</span>
      </label>
      <button type="button" className="icon-btn" aria-label={t('create:batch.fewer')} disabled={batch <= 1} onClick={() => setBatch(batch - 1)}>
        −
      </button>
      <input
        id={id}
        className="input number batch-count"
        type="number"
        min={1}
        max={MAX_BATCH}
        value={batch}
        onChange={(e) => setBatch(Number(e.target.value))}
        data-testid="batch-count"
      />
      <button type="button" className="icon-btn" aria-label={t('create:batch.more')} disabled={batch >= MAX_BATCH} onClick={() => setBatch(batch + 1)}>
        +
      </button>
      {batch > 1 ? (
        <p className="batch-note muted" data-testid="batch-note">
          {seeded ? t('create:batch.seeded', { count: batch }) : modelLabel ? t('create:batch.unseeded', { model: modelLabel, count: batch }) : t('create:batch.unseededAny', { count: batch })}
        </p>
      ) : null}
    </div>
  )
}
