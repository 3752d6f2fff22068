// The actions on one result, in one dialog: the menu, or the page of an action that needs
// more than a click (Vary region's painter, Animate's model and duration). Every send goes
// through send-result-action.ts, so through the engine's submit.
import { lazy, Suspense, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react'
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import { useTranslation } from '../../i18n/page-i18n'
import { useDrafts } from '../../stores/drafts'
import { Dialog } from '../../ui/Dialog'
import { entryBlock, fileUrl } from '../entries/entry-media'
import { actionForKey, type ResultAction } from './action-keys'
import { ActionsMenu, actionRowId, menuRows } from './ActionsMenu'
import { AnimatePage } from './AnimatePage'
import { defaultAnimateModel, defaultDuration } from './animate-options'
import { remixFromLibrary } from './remix'
import { planAction, type ActionSource } from './result-plans'
import { sendResultAction } from './send-result-action'

type Page = 'menu' | 'vary-region' | 'animate'

// The painter comes when Vary region is opened, not with every result on Create.
const VaryRegionPage = lazy(async () => ({ default: (await import('./VaryRegionPage')).VaryRegionPage }))

export function actionSource(entry: LibraryEntry, file: LibraryFile): ActionSource {
  return { model: entry.model, prompt: entry.prompt ?? '', params: entryBlock(entry), width: file.width, height: file.height }
}

const pageOf = (a: ResultAction | null): Page => (a === 'vary-region' || a === 'animate' ? a : 'menu')

function useAnimateChoice() {
  const [choice, setChoice] = useState(() => {
    const model = defaultAnimateModel(useDrafts.getState().lastModel.video)
    return model ? { model: model.id, duration: defaultDuration(model) } : undefined
  })
  return [choice, (model: string, duration: number) => setChoice({ model, duration })] as const
}

interface ActionsDialogProps {
  entry: LibraryEntry
  file: LibraryFile
  first: ResultAction | null
  onClose(): void
}

export function ActionsDialog({ entry, file, first, onClose }: ActionsDialogProps) {
  const { t } = useTranslation()
  const source = actionSource(entry, file)
  const [page, setPage] = useState<Page>(pageOf(first))
  const [prompt, setPrompt] = useState(source.prompt)
  const [busy, setBusy] = useState<ResultAction | null>(null)
  const [animateWith, setAnimateWith] = useAnimateChoice()
  const rows = menuRows(source, prompt, animateWith)
  const src = fileUrl(file) ?? ''

  const send = async (action: ResultAction, mask?: File) => {
    const plan = rows.find((r) => r.action === action)?.plan
    if (!plan || busy) return
    setBusy(action)
    const job = await sendResultAction({ plan, entry, index: file.index, prompt, mask })
    setBusy(null)
    if (job) onClose()
  }
  const choose = (action: ResultAction) => {
    if (action === 'use-as-input') {
      onClose()
      return void remixFromLibrary(entry, file.index)
    }
    if (action === 'vary-region' || action === 'animate') return setPage(action)
    void send(action)
  }
  // The menu's keys: each action's own, unless the user is typing.
  const onKey = (e: ReactKeyboardEvent) => {
    if (page !== 'menu' || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement) return
    const action = actionForKey(e.nativeEvent)
    const row = action ? rows.find((r) => r.action === action) : undefined
    if (!action || !row) return
    e.preventDefault()
    if (action === 'use-as-input' || row.plan) choose(action)
  }

  const regionPlan = planAction('vary-region', source)
  const animatePlan = animateWith ? planAction('animate', source, animateWith) : null
  return (
    <Dialog open title={t(`tools:actions.titles.${page}`)} onClose={onClose} size={page === 'menu' ? 'md' : 'lg'} testId="result-actions" closeLabel={t('tools:actions.close')} initialFocusId={first && page === 'menu' ? actionRowId(first) : undefined}>
      {/* The dialog's keys go to its actions; the browser's own keys (Tab, Escape) still work. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the menu's shortcuts, each also a button with aria-keyshortcuts */}
      <div onKeyDown={onKey}>
        {page === 'menu' ? <ActionsMenu rows={rows} source={source} prompt={prompt} onPrompt={setPrompt} first={first} busy={busy} onChoose={choose} /> : null}
        {page === 'vary-region' && regionPlan ? (
          <Suspense fallback={null}>
            <VaryRegionPage plan={regionPlan} source={source} src={src} maskKey={`result:${entry.jobId}/${file.index}`} prompt={prompt} onPrompt={setPrompt} busy={busy !== null} onBack={() => setPage('menu')} onSend={(mask) => void send('vary-region', mask)} />
          </Suspense>
        ) : null}
        {page === 'animate' && animatePlan ? (
          <AnimatePage plan={animatePlan} source={source} src={src} prompt={prompt} onPrompt={setPrompt} onChange={setAnimateWith} busy={busy !== null} onBack={() => setPage('menu')} onSend={() => void send('animate')} />
        ) : null}
      </div>
    </Dialog>
  )
}
