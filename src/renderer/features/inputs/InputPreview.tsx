// A small picture of an input: the local file or library copy when this session uploaded
// it, otherwise just the URL (the service's URLs are not loadable under the page's CSP).
import { useUploads } from '../../stores/uploads'

export function InputPreview({ url, large }: { url: string; large?: boolean }) {
  const ref = useUploads((s) => s.byUrl[url])
  const name = ref?.fileName ?? url
  return (
    <div className={`input-preview${large ? ' is-large' : ''}`}>
      {ref?.preview && ref.kind === 'image' ? (
        <img src={ref.preview} alt={`Preview of ${name}`} className="input-thumb" />
      ) : ref?.preview && ref.kind === 'video' ? (
        <video src={ref.preview} className="input-thumb" muted preload="metadata" aria-label={`Preview of ${name}`} />
      ) : (
        <div className="input-thumb input-thumb-url" aria-hidden="true">
          URL
        </div>
      )}
      <div className="input-meta">
        <div className="input-name" title={name}>
          {name}
        </div>
        <div className="input-sub">{ref ? `Uploaded · expires ${new Date(ref.expiresAt).toLocaleTimeString()}` : 'Linked by URL'}</div>
      </div>
    </div>
  )
}
