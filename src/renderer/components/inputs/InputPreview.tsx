// A small picture of an input: the local file or library copy when this session uploaded
// it, otherwise just the URL (the service's URLs are not loadable under the page's CSP).
import { useUploads, type UploadRef } from '../../stores/uploads'
import { formatTime } from '../../format/dates'
import { t, useTranslation } from '../../i18n/page-i18n'
import { isExpired } from './renew-uploads'
import { previewOf } from './uploading'

/** What the line under the name says: until when the upload lasts, or what happens now it has expired. */
function uploadNote(ref: UploadRef): string {
  if (ref.pending) return t('inputs:preview.pending')
  if (!isExpired(ref)) return t('inputs:preview.uploaded', { time: formatTime(new Date(ref.expiresAt)) })
  return t(ref.localPath ? 'inputs:preview.expiredLocal' : 'inputs:preview.expired')
}

export function InputPreview({ url, large }: { url: string; large?: boolean }) {
  const { t } = useTranslation()
  const ref = useUploads((s) => s.byUrl[url])
  const name = ref?.fileName ?? url
  const preview = previewOf(ref)
  return (
    <div className={`input-preview${large ? ' is-large' : ''}`}>
      {preview && ref?.kind === 'image' ? (
        <img src={preview} alt={t('inputs:preview.alt', { name })} className="input-thumb" />
      ) : preview && ref?.kind === 'video' ? (
        <video src={preview} className="input-thumb" muted preload="metadata" aria-label={t('inputs:preview.alt', { name })} />
      ) : (
        <div className="input-thumb input-thumb-url" aria-hidden="true">
          {t('inputs:preview.url')}
        </div>
      )}
      <div className="input-meta">
        <div className="input-name" title={name} translate="no">
          {name}
        </div>
        <div className="input-sub" data-testid="input-note">
          {ref ? uploadNote(ref) : t('inputs:preview.linked')}
        </div>
      </div>
    </div>
  )
}
