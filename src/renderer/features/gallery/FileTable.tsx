// Every file of an entry with its size, checksum and state; lost files stay listed with
// their reason, because a paid output should never silently disappear.
import type { LibraryFile } from '../../../shared/app/views'
import { formatBytes, formatNumber, formatSeconds } from '../../format/numbers'
import { Trans, useTranslation } from '../../i18n/page-i18n'

interface FileTableProps {
  files: LibraryFile[]
  selected: number
  onSelect(index: number): void
}

export function FileTable({ files, selected, onSelect }: FileTableProps) {
  const { t } = useTranslation()
  return (
    <table className="file-table" data-testid="file-table">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t('gallery:files.kind')}</th>
          <th scope="col">{t('gallery:files.size')}</th>
          <th scope="col">{t('gallery:files.checksum')}</th>
          <th scope="col">{t('gallery:files.state')}</th>
        </tr>
      </thead>
      <tbody>
        {files.map((f) => (
          <tr key={f.index} className={f.index === selected ? 'is-selected' : undefined} data-testid="library-file" data-state={f.state}>
            <td>
              <button type="button" className="link-btn" onClick={() => onSelect(f.index)} aria-pressed={f.index === selected}>
                {formatNumber(f.index + 1)}
              </button>
            </td>
            <td>
              {t(`gallery:files.roles.${f.role}`)}
              {f.width && f.height ? <span className="muted"> · {t('gallery:files.dimensions', { width: f.width, height: f.height })}</span> : null}
              {f.durationSeconds ? <span className="muted"> · {formatSeconds(f.durationSeconds)}</span> : null}
            </td>
            <td>{formatBytes(f.bytes)}</td>
            <td className="mono sha" title={f.sha256 ?? undefined} translate="no">
              {f.sha256 ? `${f.sha256.slice(0, 12)}…` : '—'}
            </td>
            <td>
              {f.state === 'lost' ? (
                <span className="text-danger" data-testid="lost-reason">
                  {f.lostReason ? <Trans t={t} i18nKey="gallery:files.lost" components={{ reason: <span translate="no">{f.lostReason}</span> }} /> : t('gallery:files.lostNoReason')}
                </span>
              ) : f.state === 'pending' ? (
                <span className="text-info">{t('gallery:files.saving')}</span>
              ) : (
                <span className="text-success">{t('gallery:files.saved')}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
