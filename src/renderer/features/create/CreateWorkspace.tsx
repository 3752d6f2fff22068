// Create's form, its side panel (price, Generate, results) and the matrix runs below them,
// for the draft of the modality chosen in the view's header.
import { useId, useState, type ReactNode } from 'react'
import type { JobKind, Modality } from '../../../shared/api'
import { isInputField } from '../../forms/field-spec'
import { useCreateOptions } from '../../stores/create-options'
import { useTranslation } from '../../i18n/page-i18n'
import { useDrafts } from '../../stores/drafts'
import { Toggle } from '../../ui/Toggle'
import { MatrixConfirmDialog } from '../../components/matrix/MatrixConfirmDialog'
import { MatrixPanel } from './matrix/MatrixPanel'
import { WildcardListsButton } from './matrix/WildcardLists'
import { RecentStrip } from '../../components/media/RecentStrip'
import { takesSeed } from '../../components/composer/seeds'
import { SubmitPanel } from '../../components/submit/SubmitPanel'
import { useComposer } from '../../components/composer/use-composer'
import { useSubmitter } from '../../components/submit/use-submitter'
import { LARGE_VIEW_BUTTON_ID, ResultsArea } from '../../components/results/ResultsArea'
import { ResultsLargeView } from './ResultsLargeView'
import { BatchControl } from '../../components/composer/BatchControl'
import { ComposerFields } from '../../components/composer/ComposerFields'
import { useCreateSend } from './use-create-send'
import { useSettingsDrop } from './use-settings-drop'

// Stable arrays: the composer memoizes on them.
const KINDS: Record<Modality, readonly JobKind[]> = { image: ['image'], video: ['video'], music: ['music'] }
// A result's actions (zoom out, upscale, remove background…) send tool jobs: they join the results too.
const CREATE_JOB_KINDS = ['image', 'video', 'music', 'edit', 'upscale', 'background'] as const

export function CreateWorkspace({ head }: { head: ReactNode }) {
  const { t } = useTranslation()
  const modality = useDrafts((s) => s.drafts.create.modality)
  const composer = useComposer('create', KINDS[modality], modality, true)
  const drop = useSettingsDrop()
  const matrixId = useId()
  const [matrix, setMatrix] = useState(false)
  const matrixOpen = matrix && composer.model !== undefined
  // Generate and Ctrl/Cmd+Enter send the same thing: the matrix while its panel is open.
  const send = useCreateSend(composer, matrixOpen)
  const { busy, submit } = useSubmitter(send.submit)
  const batch = useCreateOptions((s) => s.batch)
  // The large view, open on every result or on one send's (opened from its group).
  const [large, setLarge] = useState<{ at?: { groupId: string; localId: string } } | null>(null)
  const closeLarge = () => {
    setLarge(null)
    // Back where the user left: the button that opened the large view.
    requestAnimationFrame(() => document.getElementById(LARGE_VIEW_BUTTON_ID)?.focus())
  }

  return (
    <>
      {large ? (
        <>
          {head}
          <ResultsLargeView kinds={CREATE_JOB_KINDS} at={large.at} onClose={closeLarge} />
        </>
      ) : (
        <div className="workspace workspace-create">
          {/* The view's head, the form and Generate: one column on a wide window, Generate shown at its top and held there (create-layout.css). */}
          <div className="create-compose">
            {head}
            <section className={`card composer${drop.over ? ' is-drop-target' : ''}`} aria-label={t('create:form.label')} {...drop.handlers} data-testid="create-form">
              <ComposerFields composer={composer} promptProblem={send.promptProblem} />
              <div className="matrix-switch">
                <Toggle id={matrixId} checked={matrix} onChange={setMatrix} label={t('create:form.matrix')} disabled={!composer.model} />
              </div>
              {matrixOpen ? <MatrixPanel composer={composer} settings={send.matrix.settings} onChange={send.matrix.change} problem={send.matrix.problem} onReview={send.matrix.review} /> : null}
              {composer.takesPrompt ? <WildcardListsButton /> : null}
              <p className="muted drop-note">{t('create:form.dropNote')}</p>
            </section>
            <SubmitPanel
              estimate={send.estimate}
              valid={send.valid}
              details={composer.details}
              shownProblems={Object.keys(composer.visibleDetails).length > 0}
              busy={busy || send.sending}
              onSubmit={submit}
              label={matrixOpen ? t('create:submit.generateMatrix') : batch > 1 ? t('create:submit.generateBatch', { count: batch }) : t('create:submit.generate')}
              costLabel={send.costLabel}
              // One request as a curl command; a matrix is many, and is not offered.
              requestBody={matrixOpen ? undefined : composer.body}
            >
              {matrixOpen ? null : <BatchControl seeded={takesSeed(composer.fields)} modelLabel={composer.option?.label} />}
            </SubmitPanel>
          </div>
          <aside className="workspace-side">
            <ResultsArea kinds={CREATE_JOB_KINDS} onLargeView={(at) => setLarge(at ? { at } : {})} />
            {composer.fields.some(isInputField) ? <RecentStrip modality="image" /> : null}
          </aside>
        </div>
      )}
      {send.confirming ? <MatrixConfirmDialog plan={send.confirming} busy={send.sending} onConfirm={(p) => void send.sendPlan(p)} onClose={send.closeConfirm} /> : null}
    </>
  )
}
