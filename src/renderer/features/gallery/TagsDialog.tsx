// Tags for the selected entries: the tags they carry now (on how many of them each), to
// take off, and new ones to add, with the library's tags suggested as they are typed.
// Save sends it all as one change.
import { useState } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
import { entryFor, useLibrary } from '../../stores/library'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { changeTags, tagChange, tagsOnSelection, withoutTag, withTag } from './tag-changes'
import { TagChip } from './TagChip'
import { TagInput } from './TagInput'
import { tagKey } from '../../../shared/app/tags'
import type { LibraryEntry } from '../../../shared/app/views'

export function TagsDialog({ jobIds, onClose }: { jobIds: string[]; onClose(): void }) {
  const { t } = useTranslation()
  const [entries] = useState(() => {
    const s = useLibrary.getState()
    return jobIds.map((id) => entryFor(s, id)).filter((e): e is LibraryEntry => e !== undefined)
  })
  const [current] = useState(() => tagsOnSelection(entries))
  const [add, setAdd] = useState<string[]>([])
  const [remove, setRemove] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const change = tagChange(add, remove)
  const removing = new Set(remove.map(tagKey))

  const save = async () => {
    setBusy(true)
    const done = await changeTags(jobIds, change)
    setBusy(false)
    if (done) onClose()
  }

  return (
    <Dialog
      open
      title={t('gallery:tags.dialogTitle', { count: jobIds.length })}
      closeLabel={t('gallery:actions.close')}
      onClose={onClose}
      size="sm"
      testId="tags-dialog"
      initialFocusId="tags-add"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('gallery:actions.cancel')}
          </Button>
          <Button variant="primary" busy={busy} disabled={change.add.length + change.remove.length === 0} onClick={() => void save()} data-testid="tags-save">
            {t('gallery:tags.save')}
          </Button>
        </>
      }
    >
      <h3 className="dialog-subtitle">{t('gallery:tags.onSelection')}</h3>
      {current.length === 0 ? <p className="muted">{t('gallery:tags.none')}</p> : null}
      <div className="tag-chips" data-testid="tags-current">
        {current.map((tag) => (
          <TagChip
            key={tag.name}
            name={tag.name}
            note={t('gallery:tags.carriedBy', { count: tag.count, total: entries.length })}
            struck={removing.has(tagKey(tag.name))}
            onToggle={() => setRemove(removing.has(tagKey(tag.name)) ? withoutTag(remove, tag.name) : [...remove, tag.name])}
          />
        ))}
      </div>
      <h3 className="dialog-subtitle">{t('gallery:tags.addTitle')}</h3>
      <div className="tag-chips" data-testid="tags-adding">
        {add.map((tag) => (
          <TagChip key={tag} name={tag} onToggle={() => setAdd(withoutTag(add, tag))} />
        ))}
      </div>
      <TagInput
        id="tags-add"
        label={t('gallery:tags.addLabel')}
        placeholder={t('gallery:tags.addPlaceholder')}
        chosen={add}
        onPick={(typed) => {
          const next = withTag(add, typed)
          if (!next.problem) setAdd(next.list)
          return next.problem
        }}
      />
    </Dialog>
  )
}
