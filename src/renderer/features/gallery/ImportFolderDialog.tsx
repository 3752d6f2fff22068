// Gallery → Import folder…: the path of a folder of pictures made by other tools (A1111,
// ComfyUI, InvokeAI…), its progress while main copies them in with their settings, Cancel,
// and at the end what was imported, what was already in the library, and each file left
// out with why. The originals are never changed; importing the folder again carries on.
import { useState } from 'react'
import { Trans, useTranslation } from '../../i18n/page-i18n'
import { call } from '../../api/client'
import { useApp } from '../../stores/app'
import { useLibraryImport } from '../../stores/library-import'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { Field } from '../../ui/Field'
import { ProgressBar } from '../../ui/ProgressBar'
import { TextInput } from '../../ui/TextInput'
import type { ImportProgress, ImportResult, ImportSkip } from '../../../shared/app/library-import'

/** How far the import has got, 0..100; null while the folder is still being looked through. */
export function importPercent(progress: ImportProgress | null): number | null {
  if (!progress || progress.phase === 'scan' || progress.found === 0) return null
  return (progress.done / progress.found) * 100
}

/** A skipped file's path as found under the folder imported (the folder's own path is in the field above). */
export function pathInFolder(dir: string, path: string): string {
  const base = dir.replace(/[\\/]+$/, '')
  const rest = path.slice(base.length)
  return path.startsWith(base) && /^[\\/]/.test(rest) ? rest.slice(1) : path
}

/** Why a file was left out, in the page's language: main sends the catalogs' key with the words it said it in. */
function SkipReason({ skip }: { skip: ImportSkip }) {
  const { t, i18n } = useTranslation()
  if (!skip.key || !i18n.exists(skip.key)) return <span translate="no">{skip.reason}</span>
  return <span>{(t as unknown as (key: string, values?: ImportSkip['values']) => string)(skip.key, skip.values)}</span>
}

function Summary({ result }: { result: ImportResult }) {
  const { t } = useTranslation()
  const unnamed = result.skipped - result.skippedFiles.length
  return (
    <div className="import-summary" data-testid="import-summary" role="status">
      <p className={`notice ${result.cancelled ? 'notice-warning' : 'notice-success'}`}>
        {t(result.cancelled ? 'gallery:import.cancelled' : 'gallery:import.finished', { imported: result.imported, duplicates: result.duplicates, skipped: result.skipped })}
      </p>
      {result.skippedFiles.length > 0 ? (
        <details open={result.skippedFiles.length <= 10}>
          <summary>{t('gallery:import.skippedTitle', { count: result.skipped })}</summary>
          <ul className="import-skips" data-testid="import-skips">
            {result.skippedFiles.map((s) => (
              <li key={s.path}>
                <Trans t={t} i18nKey="gallery:import.skippedFile" components={{ path: <code translate="no" title={s.path}>{pathInFolder(result.dir, s.path)}</code>, reason: <SkipReason skip={s} /> }} />
              </li>
            ))}
            {unnamed > 0 ? <li>{t('gallery:import.moreSkipped', { count: unnamed })}</li> : null}
          </ul>
        </details>
      ) : null}
    </div>
  )
}

/** The desktop app's own folder picker; a browser has none that gives a path, so the path is typed there. */
function ChooseFolder({ disabled, onChosen }: { disabled: boolean; onChosen(dir: string): void }) {
  const { t } = useTranslation()
  const desktop = useApp((s) => s.info?.platform === 'electron')
  if (!desktop) return null
  const choose = async () => {
    const r = await call('library.pickImportFolder', {})
    if (!r.ok) return toast.error(r.error.message)
    if (r.data.dir) onChosen(r.data.dir)
  }
  return (
    <Button disabled={disabled} onClick={() => void choose()} data-testid="import-choose">
      {t('gallery:import.choose')}
    </Button>
  )
}

export function ImportFolderDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation()
  const { running, progress, result, error, start, cancel } = useLibraryImport()
  const [dir, setDir] = useState(() => result?.dir ?? '')
  const go = () => {
    if (dir.trim() && !running) void start(dir.trim())
  }
  return (
    <Dialog
      open
      title={t('gallery:import.title')}
      closeLabel={t('gallery:actions.close')}
      onClose={onClose}
      size="md"
      testId="import-dialog"
      initialFocusId="import-dir"
      footer={
        running ? (
          <Button variant="danger" onClick={() => void cancel()} data-testid="import-cancel">
            {t('gallery:import.cancel')}
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              {t('gallery:actions.close')}
            </Button>
            <Button variant="primary" disabled={!dir.trim()} onClick={go} data-testid="import-start">
              {t(result ? 'gallery:import.again' : 'gallery:import.start')}
            </Button>
          </>
        )
      }
    >
      <p className="muted">{t('gallery:import.about')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          go()
        }}
      >
        <Field label={t('gallery:import.folder')} htmlFor="import-dir" hint={t('gallery:import.folderHint')} errors={error ? [{ path: 'dir', messages: [error] }] : []}>
          <div className="input-row">
            <TextInput id="import-dir" data-testid="import-dir" value={dir} disabled={running} spellCheck={false} placeholder={t('gallery:import.folderExample')} onChange={(e) => setDir(e.target.value)} />
            <ChooseFolder disabled={running} onChosen={setDir} />
          </div>
        </Field>
      </form>
      {running ? (
        <div className="import-progress" data-testid="import-progress">
          <ProgressBar value={importPercent(progress)} label={t('gallery:import.progressLabel')} />
          <p className="muted" role="status">
            {progress && progress.phase !== 'scan'
              ? t('gallery:import.progress', { done: progress.done, found: progress.found, imported: progress.imported, skipped: progress.skipped })
              : t('gallery:import.scanning', { found: progress?.found ?? 0 })}
          </p>
        </div>
      ) : null}
      {!running && result ? <Summary result={result} /> : null}
    </Dialog>
  )
}

/** Gallery → Import folder…: opens the dialog; while an import runs, the button shows it is under way. */
export function ImportFolderButton() {
  const { t } = useTranslation()
  const running = useLibraryImport((s) => s.running)
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button size="sm" busy={running} onClick={() => setOpen(true)} data-testid="gallery-import">
        {t('gallery:import.open')}
      </Button>
      {open ? <ImportFolderDialog onClose={() => setOpen(false)} /> : null}
    </>
  )
}
