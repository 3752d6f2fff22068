// Styles: a named fragment added to the prompt or to the negative prompt, and taken out
// again with the same button. Each can be renamed or deleted; new ones are added below.
import { useId, useState } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
import { usePromptLibrary, type StyleTarget } from '../../stores/prompt-library'
import { Button } from '../../ui/Button'
import { Segmented } from '../../ui/Segmented'
import { TextInput } from '../../ui/TextInput'
import { InlineRename } from './InlineRename'
import { styleApplied, toggleStyle } from './prompt-apply'
import type { Composer } from './use-composer'

const TARGETS = [
  { value: 'prompt', label: 'create:styles.toPrompt' },
  { value: 'negative', label: 'create:styles.toNegative' }
] as const

function NewStyleForm() {
  const { t } = useTranslation()
  const id = useId()
  const [name, setName] = useState('')
  const [fragment, setFragment] = useState('')
  const [target, setTarget] = useState<StyleTarget>('prompt')
  const ready = name.trim() !== '' && fragment.trim() !== ''
  return (
    <form
      className="style-form"
      aria-label={t('create:styles.new')}
      onSubmit={(e) => {
        e.preventDefault()
        if (!ready) return
        usePromptLibrary.getState().addStyle({ name, fragment, target })
        setName('')
        setFragment('')
      }}
    >
      <TextInput aria-label={t('create:styles.name')} placeholder={t('create:styles.namePlaceholder')} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} data-testid="style-name" />
      <TextInput aria-label={t('create:styles.text')} placeholder={t('create:styles.textPlaceholder')} value={fragment} onChange={(e) => setFragment(e.target.value)} data-testid="style-fragment" />
      <span className="visually-hidden" id={`${id}-target`}>
        {t('create:styles.addsTo')}
      </span>
      <div className="style-form-row">
        <Segmented id={`${id}-targets`} value={target} options={TARGETS.map((o) => ({ value: o.value, label: t(o.label) }))} onChange={(v) => setTarget(v as StyleTarget)} labelledBy={`${id}-target`} />
        <Button type="submit" size="sm" disabled={!ready} data-testid="style-add">
          {t('create:styles.add')}
        </Button>
      </div>
    </form>
  )
}

export function PromptStylesList({ composer }: { composer: Composer }) {
  const { t } = useTranslation()
  const styles = usePromptLibrary((s) => s.styles)
  const [renaming, setRenaming] = useState<string | null>(null)
  return (
    <div className="prompt-tab">
      <ul className="row-list prompt-items" aria-label={t('create:styles.label')}>
        {styles.map((st) => {
          const applied = styleApplied(composer, st)
          return (
            <li key={st.id} className="prompt-item" data-testid="style-item">
              <div className="prompt-item-text">
                {renaming === st.id ? (
                  <InlineRename
                    name={st.name}
                    label={t('create:item.newName', { name: st.name })}
                    onDone={(name) => {
                      if (name) usePromptLibrary.getState().rename('styles', st.id, name)
                      setRenaming(null)
                    }}
                  />
                ) : (
                  <span className="prompt-item-name" translate="no">
                    {st.name}
                  </span>
                )}
                <span className="prompt-item-meta">
                  {st.target === 'negative' ? <>{t('create:styles.negative')} </> : null}
                  <span title={st.fragment} translate="no">
                    {st.fragment}
                  </span>
                </span>
              </div>
              <Button
                size="sm"
                variant={applied ? 'primary' : 'secondary'}
                aria-pressed={applied === true}
                disabled={applied === null}
                title={t(applied === null ? 'create:styles.noNegative' : applied ? 'create:styles.takeOut' : st.target === 'negative' ? 'create:styles.addToNegative' : 'create:styles.addToPrompt')}
                onClick={() => toggleStyle(composer, st)}
                data-testid="style-apply"
              >
                {t(applied ? 'create:styles.applied' : 'create:styles.apply')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setRenaming(st.id)} aria-label={t('create:item.renameNamed', { name: st.name })}>
                {t('create:item.rename')}
              </Button>
              <button type="button" className="icon-btn" aria-label={t('create:item.deleteNamed', { name: st.name })} onClick={() => usePromptLibrary.getState().remove('styles', st.id)} data-testid="style-delete">
                ×
              </button>
            </li>
          )
        })}
      </ul>
      <NewStyleForm />
    </div>
  )
}
