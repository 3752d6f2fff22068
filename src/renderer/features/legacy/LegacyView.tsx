// Legacy video: the older single-endpoint video service, with its own models and prices.
import { detailsOf } from '../../api/client'
import { callAskingFirst } from '../../stores/spend-limits'
import { formatCredits } from '../../format/numbers'
import { labelFor } from '../../forms/field-labels'
import { readablePath } from '../../forms/field-errors'
import { useApp } from '../../stores/app'
import { useJobs } from '../../stores/jobs'
import { useLegacyDraft } from '../../stores/legacy-draft'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { expiredNoCopy, renewedUrl } from '../../components/inputs/renew-uploads'
import { useSubmitter } from '../../components/submit/use-submitter'
import { useTranslation } from '../../i18n/page-i18n'
import { LiveJobs } from './LiveJobCard'
import { LegacyCostTable } from './LegacyCostTable'
import { LegacyForm } from './LegacyForm'
import { costOf, legacyBody, validateLegacy } from './legacy-request'

const LEGACY_JOB_KINDS = ['legacy'] as const
const LEGACY_INPUTS = ['image_url', 'first_frame_url', 'last_frame_url'] as const

export function LegacyView() {
  const { t } = useTranslation()
  const draft = useLegacyDraft((s) => s.draft)
  const credits = useApp((s) => s.credits)
  const body = legacyBody(draft)
  const details = validateLegacy(body)
  const valid = Object.keys(details).length === 0
  const visible = Object.fromEntries(Object.entries(details).filter(([k]) => draft.touched[k] || draft.touched['*']))
  const cost = costOf(draft)

  const { busy, submit } = useSubmitter(async () => {
    if (!valid) return useLegacyDraft.getState().touchAll()
    // An input uploaded over an hour ago has a dead URL: it goes up again from its copy first.
    for (const key of LEGACY_INPUTS) {
      const url = useLegacyDraft.getState().draft[key]
      if (!url) continue
      const fresh = await renewedUrl(url).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))))
      if (fresh instanceof Error) return toast.error(fresh.message)
      if (fresh === null) {
        useLegacyDraft.getState().set(key, '')
        return toast.error(t('legacy:expiredInput', { field: labelFor(key), reason: expiredNoCopy() }))
      }
      if (fresh !== url) useLegacyDraft.getState().set(key, fresh)
    }
    const r = await callAskingFirst('legacy.submit', { request: legacyBody(useLegacyDraft.getState().draft) })
    if (!r.ok) {
      if (detailsOf(r.error)) useLegacyDraft.getState().touchAll()
      return toast.error(r.error.message)
    }
    useJobs.getState().upsert(r.data)
    useJobs.getState().markSent(r.data.localId)
    toast.success(t('legacy:submitted'))
  })

  return (
    <div className="view-inner">
      <header className="view-head">
        <div>
          <h1 className="view-title">{t('legacy:title')}</h1>
          <p className="view-sub">{t('legacy:subtitle')}</p>
        </div>
      </header>
      <div className="workspace">
        <section className="card composer" aria-label={t('legacy:request')}>
          <LegacyForm draft={draft} details={visible} />
        </section>
        <aside className="workspace-side">
          <section className="card submit-panel" aria-label={t('legacy:submitPanel')}>
            <dl className="cost-lines">
              <div className="cost-line">
                <dt>{t('legacy:cost')}</dt>
                <dd data-testid="cost-estimate">{cost === null ? t('legacy:costUnavailable') : <strong>{formatCredits(cost)}</strong>}</dd>
              </div>
              <div className="cost-line">
                <dt>{t('legacy:balance')}</dt>
                <dd data-testid="credits-balance">{credits === null ? '—' : formatCredits(credits)}</dd>
              </div>
            </dl>
            <LegacyCostTable model={draft.model} resolution={draft.resolution} duration={draft.duration} audio={draft.generate_audio} />
            {!valid ? (
              <ul className={`problems${Object.keys(visible).length > 0 ? ' has-shown' : ''}`} data-testid="form-problems">
                {Object.entries(details).map(([path, messages]) => (
                  <li key={path}>
                    <span className="problem-path">{readablePath(path, labelFor)}</span> {messages.join('; ')}
                  </li>
                ))}
              </ul>
            ) : null}
            <Button variant="primary" size="lg" className="submit-btn" data-testid="submit-job" disabled={!valid} busy={busy} onClick={submit}>
              {t('legacy:generate')}
            </Button>
          </section>
          <LiveJobs kinds={LEGACY_JOB_KINDS} />
        </aside>
      </div>
    </div>
  )
}
