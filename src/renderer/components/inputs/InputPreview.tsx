// A small picture of an input: the local file or library copy when this session uploaded
// it, otherwise just the URL (the service's URLs are not loadable under the page's CSP).
import { useUploads, type UploadRef } from '../../stores/uploads'
import { formatTime } from '../../format/dates'
import { isExpired } from './renew-uploads'
import { previewOf } from './uploading'

/** What the line under the name says: until when the upload lasts, or what happens now it has expired. */
function uploadNote(ref: UploadRef): string {
  if (ref.pending) return 'From the library · uploaded when you generate'
  if (!isExpired(ref)) return `Uploaded · expires ${formatTime(new Date(ref.expiresAt))}`
  return ref.localPath ? 'Upload expired · sent again from your copy on Generate' : 'Upload expired · add the file again'
}

export function InputPreview({ url, large }: { url: string; large?: boolean }) {
  const ref = useUploads((s) => s.byUrl[url])
  const name = ref?.fileName ?? url
  const preview = previewOf(ref)
  return (
    <div className={`input-preview${large ? ' is-large' : ''}`}>
      {preview && ref?.kind === 'image' ? (
        <img src={preview} alt={`Preview of ${name}`} className="input-thumb" />
      ) : preview && ref?.kind === 'video' ? (
        <video src={preview} className="input-thumb" muted preload="metadata" aria-label={`Preview of ${name}`} />
      ) : (
        <div className="input-thumb input-thumb-url" aria-hidden="true">
          URL
        </div>
      )}
      <div className="input-meta">
        <div className="input-name" title={name}>
          {name}
        </div>
        <div className="input-sub" data-testid="input-note">
          {ref ? uploadNote(ref) : 'Linked by URL'}
        </div>
      </div>
    </div>
  )
}
