// "Repair library": asks main to rebuild the library from the files on disk, and lists
// what it found (damaged files are kept aside by main, never deleted).
import { useState } from 'react'
import type { LibraryRepair } from '../../../shared/app/library-repair'
import { call } from '../../api/client'
import { toast } from '../../stores/toasts'
import { useTranslation } from '../../i18n/page-i18n'
import { Button } from '../../ui/Button'

export function RepairLibrary() {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [report, setReport] = useState<LibraryRepair | null>(null)

  const repair = async () => {
    setBusy(true)
    const r = await call('library.repair', {})
    setBusy(false)
    if (!r.ok) return toast.error(r.error.message)
    setReport(r.data)
  }

  return (
    <div className="repair-library">
      <p className="field-hint">{t('settings:repair.hint')}</p>
      <div className="form-actions">
        <Button busy={busy} onClick={() => void repair()} data-testid="repair-library">
          {t('settings:repair.action')}
        </Button>
      </div>
      {report && (
        <div className="field-hint" data-testid="repair-report" role="status">
          <p>{t(report.lines.length === 0 ? 'settings:repair.nothingDamaged' : 'settings:repair.found', { count: report.checked })}</p>
          {report.lines.length > 0 && (
            <ul>
              {report.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}
