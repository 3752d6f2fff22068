// Styles: a named fragment added to the prompt or to the negative prompt, and taken out
// again with the same button. Each can be renamed or deleted; new ones are added below.
import { useId, useState } from 'react'
import { usePromptLibrary, type StyleTarget } from '../../stores/prompt-library'
import { Button } from '../../ui/Button'
import { Segmented } from '../../ui/Segmented'
import { TextInput } from '../../ui/TextInput'
import { InlineRename } from './InlineRename'
import { styleApplied, toggleStyle } from './prompt-apply'
import type { Composer } from './use-composer'

const TARGETS = [
  { value: 'prompt', label: 'Prompt' },
  { value: 'negative', label: 'Negative prompt' }
]

function NewStyleForm() {
  const id = useId()
  const [name, setName] = useState('')
  const [fragment, setFragment] = useState('')
  const [target, setTarget] = useState<StyleTarget>('prompt')
  const ready = name.trim() !== '' && fragment.trim() !== ''
  return (
    <form
      className="style-form"
      aria-label="New style"
      onSubmit={(e) => {
        e.preventDefault()
        if (!ready) return
        usePromptLibrary.getState().addStyle({ name, fragment, target })
        setName('')
        setFragment('')
      }}
    >
      <TextInput aria-label="Style name" placeholder="Name, e.g. Oil painting" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} data-testid="style-name" />
      <TextInput aria-label="Style text" placeholder="Text, e.g. oil painting, thick brush strokes" value={fragment} onChange={(e) => setFragment(e.target.value)} data-testid="style-fragment" />
      <span className="visually-hidden" id={`${id}-target`}>
        Adds to
      </span>
      <div className="style-form-row">
        <Segmented id={`${id}-targets`} value={target} options={TARGETS} onChange={(v) => setTarget(v as StyleTarget)} labelledBy={`${id}-target`} />
        <Button type="submit" size="sm" disabled={!ready} data-testid="style-add">
          Add style
        </Button>
      </div>
    </form>
  )
}

export function PromptStylesList({ composer }: { composer: Composer }) {
  const styles = usePromptLibrary((s) => s.styles)
  const [renaming, setRenaming] = useState<string | null>(null)
  return (
    <div className="prompt-tab">
      <ul className="row-list prompt-items" aria-label="Styles">
        {styles.map((st) => {
          const applied = styleApplied(composer, st)
          return (
            <li key={st.id} className="prompt-item" data-testid="style-item">
              <div className="prompt-item-text">
                {renaming === st.id ? (
                  <InlineRename
                    name={st.name}
                    label={`New name for ${st.name}`}
                    onDone={(name) => {
                      if (name) usePromptLibrary.getState().rename('styles', st.id, name)
                      setRenaming(null)
                    }}
                  />
                ) : (
                  <span className="prompt-item-name">{st.name}</span>
                )}
                <span className="prompt-item-meta" title={st.fragment}>
                  {st.target === 'negative' ? 'negative: ' : ''}
                  {st.fragment}
                </span>
              </div>
              <Button
                size="sm"
                variant={applied ? 'primary' : 'secondary'}
                aria-pressed={applied === true}
                disabled={applied === null}
                title={applied === null ? 'This model takes no negative prompt' : applied ? 'Take it out' : `Add it to the ${st.target === 'negative' ? 'negative prompt' : 'prompt'}`}
                onClick={() => toggleStyle(composer, st)}
                data-testid="style-apply"
              >
                {applied ? 'Applied' : 'Apply'}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setRenaming(st.id)} aria-label={`Rename ${st.name}`}>
                Rename
              </Button>
              <button type="button" className="icon-btn" aria-label={`Delete ${st.name}`} onClick={() => usePromptLibrary.getState().remove('styles', st.id)} data-testid="style-delete">
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
