// The library's folder, and moving it: copy, check every file, then switch. Only the live
// account's library moves; the demo library stays with the app's data.
import { useState } from 'react'
import { formatBytes } from '../../format/numbers'
import { Trans, useTranslation } from '../../i18n/page-i18n'
import { useApp } from '../../stores/app'
import { useLibraryMove } from '../../stores/library-move'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { ProgressBar } from '../../ui/ProgressBar'
import { TextInput } from '../../ui/TextInput'

const PHASE_KEYS = { scan: 'settings:library.phase.scan', copy: 'settings:library.phase.copy', verify: 'settings:library.phase.verify' } as const

export function LibraryFolderSection() {
  const { t } = useTranslation()
  const info = useApp((s) => s.info)
  const { moving, progress, result, errors, move } = useLibraryMove()
  const [to, setTo] = useState('')
  const live = info?.mode === 'live'
  const percent = progress && progress.totalBytes > 0 ? Math.floor((progress.doneBytes / progress.totalBytes) * 100) : null
  return (
    <section className="card settings-section" aria-labelledby="settings-library">
      <h2 className="card-title" id="settings-library">
        {t('settings:library.title')}
      </h2>
      <p className="settings-note">
        <Trans
          t={t}
          i18nKey="settings:library.now"
          components={{
            path: (
              <span className="mono" data-testid="library-now" translate="no">
                {info?.libraryDir}
              </span>
            )
          }}
        />
      </p>
      {live ? (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            if (to.trim()) void move(to.trim()).then((done) => done && setTo(''))
          }}
        >
          <Field label={t('settings:library.moveTo')} htmlFor="library-to" errors={errors.length ? [{ path: 'to', messages: errors }] : []} hint={t('settings:library.moveToHint')}>
            <div className="input-row">
              <TextInput id="library-to" value={to} onChange={(e) => setTo(e.target.value)} spellCheck={false} placeholder={t('settings:library.moveToExample')} data-testid="library-to" />
              <Button type="submit" variant="primary" busy={moving} disabled={!to.trim()} data-testid="library-move">
                {t('settings:library.move')}
              </Button>
            </div>
          </Field>
        </form>
      ) : (
        <p className="settings-note">{t('settings:library.demo')}</p>
      )}
      {moving && progress ? (
        <div className="library-move-progress" data-testid="library-move-progress">
          <ProgressBar value={percent} label={t(PHASE_KEYS[progress.phase])} />
          <p className="settings-note" role="status">
            {t('settings:library.progress', {
              phase: t(PHASE_KEYS[progress.phase]),
              doneFiles: progress.doneFiles,
              totalFiles: progress.totalFiles,
              doneBytes: formatBytes(progress.doneBytes),
              totalBytes: formatBytes(progress.totalBytes)
            })}
          </p>
        </div>
      ) : null}
      {result ? (
        <p className={`notice ${result.ok ? 'notice-success' : 'notice-danger'}`} role="status" data-testid="library-move-result">
          {result.message}
        </p>
      ) : null}
    </section>
  )
}
