// Every file of an entry with its size, checksum and state; lost files stay listed with
// their reason, because a paid output should never silently disappear.
import type { LibraryFile } from '../../../shared/app/views'
import { formatBytes, formatSeconds } from '../../format/numbers'

interface FileTableProps {
  files: LibraryFile[]
  selected: number
  onSelect(index: number): void
}

export function FileTable({ files, selected, onSelect }: FileTableProps) {
  return (
    <table className="file-table" data-testid="file-table">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Kind</th>
          <th scope="col">Size</th>
          <th scope="col">SHA-256</th>
          <th scope="col">State</th>
        </tr>
      </thead>
      <tbody>
        {files.map((f) => (
          <tr key={f.index} className={f.index === selected ? 'is-selected' : undefined} data-testid="library-file" data-state={f.state}>
            <td>
              <button type="button" className="link-btn" onClick={() => onSelect(f.index)} aria-pressed={f.index === selected}>
                {f.index + 1}
              </button>
            </td>
            <td>
              {f.role}
              {f.width && f.height ? <span className="muted"> · {f.width}×{f.height}</span> : null}
              {f.durationSeconds ? <span className="muted"> · {formatSeconds(f.durationSeconds)}</span> : null}
            </td>
            <td>{formatBytes(f.bytes)}</td>
            <td className="mono sha" title={f.sha256 ?? undefined}>
              {f.sha256 ? `${f.sha256.slice(0, 12)}…` : '—'}
            </td>
            <td>
              {f.state === 'lost' ? (
                <span className="text-danger" data-testid="lost-reason">
                  Lost: {f.lostReason ?? 'no reason recorded'}
                </span>
              ) : f.state === 'pending' ? (
                <span className="text-info">Saving…</span>
              ) : (
                <span className="text-success">Saved</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
