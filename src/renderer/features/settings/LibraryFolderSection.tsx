// The library's folder, and moving it: copy, check every file, then switch. Only the live
// account's library moves; the demo library stays with the app's data.
import { useState } from 'react'
import { formatBytes } from '../../format/numbers'
import { useApp } from '../../stores/app'
import { useLibraryMove } from '../../stores/library-move'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { ProgressBar } from '../../ui/ProgressBar'
import { TextInput } from '../../ui/TextInput'

const PHASE = { scan: 'Looking through the library', copy: 'Copying', verify: 'Checking the copies' } as const

export function LibraryFolderSection() {
  const info = useApp((s) => s.info)
  const { moving, progress, result, errors, move } = useLibraryMove()
  const [to, setTo] = useState('')
  const live = info?.mode === 'live'
  const percent = progress && progress.totalBytes > 0 ? Math.floor((progress.doneBytes / progress.totalBytes) * 100) : null
  return (
    <section className="card settings-section" aria-labelledby="settings-library">
      <h2 className="card-title" id="settings-library">
        Library folder
      </h2>
      <p className="settings-note">
        Now: <span className="mono" data-testid="library-now">{info?.libraryDir}</span>
      </p>
      {live ? (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            if (to.trim()) void move(to.trim()).then((done) => done && setTo(''))
          }}
        >
          <Field label="Move to" htmlFor="library-to" errors={errors.length ? [{ path: 'to', messages: errors }] : []} hint="The full path of a new or empty folder. Every file is copied and checked before the app switches to it.">
            <div className="input-row">
              <TextInput id="library-to" value={to} onChange={(e) => setTo(e.target.value)} spellCheck={false} placeholder="/media/disk/MediaGen library" data-testid="library-to" />
              <Button type="submit" variant="primary" busy={moving} disabled={!to.trim()} data-testid="library-move">
                Move library
              </Button>
            </div>
          </Field>
        </form>
      ) : (
        <p className="settings-note">The demo library stays with the app’s data. Connect an account to move your library.</p>
      )}
      {moving && progress ? (
        <div className="library-move-progress" data-testid="library-move-progress">
          <ProgressBar value={percent} label={PHASE[progress.phase]} />
          <p className="settings-note" role="status">
            {PHASE[progress.phase]}: {progress.doneFiles} of {progress.totalFiles} files, {formatBytes(progress.doneBytes)} of {formatBytes(progress.totalBytes)}
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
