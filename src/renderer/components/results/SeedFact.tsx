// The seed a job sent, with "Reuse seed", on each result and in the viewer.
import { useTranslation } from '../../i18n/page-i18n'
import { reuseSeed } from '../composer/reuse-seed'
import { seedOf } from '../composer/seeds'

/** `bare`: beside a "Seed" label already (the viewer's list of parameters). */
export function SeedFact({ request, bare = false }: { request: Record<string, unknown>; bare?: boolean }) {
  const { t } = useTranslation()
  const seed = seedOf(request)
  if (seed === null) return null
  return (
    <span className="seed-fact" data-testid="result-seed">
      {bare ? null : `${t('results:seed.label')} `}
      <span className="mono">{seed}</span>{' '}
      <button type="button" className="link-btn" onClick={() => reuseSeed(seed)} data-testid="reuse-seed">
        {t('results:seed.reuse')}
      </button>
    </span>
  )
}
