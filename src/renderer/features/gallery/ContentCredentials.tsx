// "Content Credentials" in the viewer: a picture that carries a C2PA manifest says who
// signed it, and whether its signature and bytes verify. The app trusts no issuer by
// default, so a vendor's file and the demo's test certificate both read "not a trusted
// issuer"; the file itself was never rewritten (its settings are kept beside it).
import type { LibraryFile } from '../../../shared/app/views'
import { Trans, useTranslation } from '../../i18n/page-i18n'

export function ContentCredentials({ file }: { file: LibraryFile | undefined }) {
  const { t } = useTranslation()
  const p = file?.provenance
  if (!p?.present) return null
  const state = p.valid === false ? 'invalid' : p.valid === null ? 'unchecked' : p.trusted ? 'trusted' : 'untrusted'
  return (
    <section className="detail-credentials" aria-labelledby="credentials-head" data-testid="content-credentials" data-state={state}>
      <h3 className="facts-head" id="credentials-head">
        <span className={`badge ${p.valid === false ? 'badge-danger' : 'badge-accent'}`} data-testid="credentials-badge">
          {t('gallery:provenance.title')}
        </span>
      </h3>
      <p className="credentials-line" data-testid="credentials-signer">
        {p.signer ? (
          <Trans t={t} i18nKey={p.trusted ? 'gallery:provenance.signedBy' : 'gallery:provenance.signedByUntrusted'} components={{ signer: <span className="credentials-signer" translate="no">{p.signer}</span> }} />
        ) : (
          t('gallery:provenance.signerUnknown')
        )}
      </p>
      {state === 'invalid' ? <p className="detail-note notice-danger">{t('gallery:provenance.invalid')}</p> : null}
      {state === 'unchecked' ? <p className="detail-note">{t('gallery:provenance.unchecked')}</p> : null}
      <p className="detail-note">{t('gallery:provenance.kept')}</p>
    </section>
  )
}
