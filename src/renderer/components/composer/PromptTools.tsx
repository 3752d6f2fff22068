// Create's prompt tools, in a panel that opens under the prompt: the history of prompts
// sent, saved prompts and styles. Escape closes it and gives the focus back to its button.
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
import { usePromptLibrary } from '../../stores/prompt-library'
import { Tabs } from '../../ui/Tabs'
import { PromptHistoryList } from './PromptHistoryList'
import { PromptStylesList } from './PromptStylesList'
import { SavedPromptsList } from './SavedPromptsList'
import type { Composer } from './use-composer'

type PromptTab = 'history' | 'saved' | 'styles'

export function PromptTools({ composer }: { composer: Composer }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [tab, setTab] = useState<PromptTab>('history')
  const counts = [usePromptLibrary((s) => s.history.length), usePromptLibrary((s) => s.saved.length), usePromptLibrary((s) => s.styles.length)]
  const panelId = useId()
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLElement>(null)
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  // Escape anywhere in the panel closes it. Heard on the document, after React's own
  // handlers, so a rename in progress can keep its Escape (it prevents the default).
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || !(e.target instanceof Node) || !panel.current?.contains(e.target)) return
      e.preventDefault()
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])
  return (
    <div className="prompt-tools">
      <button
        ref={button}
        type="button"
        className="link-btn"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
        data-testid="prompt-tools"
      >
        {t(open ? 'create:prompt.hideTools' : 'create:prompt.tools')}
      </button>
      {open ? (
        <section
          id={panelId}
          className="prompt-panel"
          aria-label={t('create:prompt.tools')}
          data-testid="prompt-panel"
          ref={panel}
        >
          <Tabs<PromptTab>
            label={t('create:prompt.toolsLabel')}
            value={tab}
            onChange={setTab}
            options={[
              { value: 'history', label: t('create:prompt.tabHistory', { count: counts[0] }), testId: 'prompt-tab-history' },
              { value: 'saved', label: t('create:prompt.tabSaved', { count: counts[1] }), testId: 'prompt-tab-saved' },
              { value: 'styles', label: t('create:prompt.tabStyles', { count: counts[2] }), testId: 'prompt-tab-styles' }
            ]}
          />
          {tab === 'history' ? <PromptHistoryList /> : tab === 'saved' ? <SavedPromptsList prompt={composer.draft.prompt} /> : <PromptStylesList composer={composer} />}
        </section>
      ) : null}
    </div>
  )
}
