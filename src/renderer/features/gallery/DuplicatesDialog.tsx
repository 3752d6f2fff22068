// The Duplicates view: groups of near-identical pictures (a batch's near copies, an upscale
// beside its original), the one the engine suggests keeping first (the largest, then a
// favourite, then the oldest). "Keep the best, remove the rest" moves the others' items to
// the trash, for one group or for every group shown; the toast's Undo brings them back.
import { useEffect, useState } from 'react'
import type { DuplicateGroup, DuplicatesPage } from '../../../shared/app/library-pictures'
import type { LibraryEntry } from '../../../shared/app/views'
import { call } from '../../api/client'
import { useTranslation } from '../../i18n/page-i18n'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { removeDuplicates } from './duplicate-removal'
import { PictureThumb } from './PictureThumb'

/** Groups asked for at a time. */
const GROUPS = 20

function Group({ group, onKeepBest, onOpen }: { group: DuplicateGroup; onKeepBest(ids: string[]): void; onOpen(entry: LibraryEntry): void }) {
  const { t } = useTranslation()
  const kept = (jobId: string, index: number) => group.keep.jobId === jobId && group.keep.index === index
  return (
    <li className="duplicate-group" data-testid="duplicate-group">
      <div className="duplicate-group-head">
        <span>{t('gallery:look.groupSize', { count: group.members.length })}</span>
        <Button size="sm" variant="danger" disabled={group.remove.length === 0} onClick={() => onKeepBest(group.remove)} data-testid="keep-best">
          {t('gallery:look.keepBest')}
        </Button>
      </div>
      <ul className="picture-strip">
        {group.members.map((m) => (
          <PictureThumb key={`${m.entry.jobId}:${m.index}`} entry={m.entry} index={m.index} onOpen={onOpen} marked={kept(m.entry.jobId, m.index)} testId="duplicate-member">
            {kept(m.entry.jobId, m.index) ? t('gallery:look.keep') : group.remove.includes(m.entry.jobId) ? t('gallery:look.toRemove') : t('gallery:look.kept')}
          </PictureThumb>
        ))}
      </ul>
    </li>
  )
}

/** The groups and their actions (the dialog's body). */
export function DuplicatesList({ onOpen }: { onOpen(entry: LibraryEntry): void }) {
  const { t } = useTranslation()
  const [page, setPage] = useState<DuplicatesPage | null>(null)
  const [error, setError] = useState<string | null>(null)
  // Asked again after a removal and after its Undo.
  const [asked, setAsked] = useState(0)
  const askAgain = () => setAsked((n) => n + 1)
  useEffect(() => {
    let current = true
    void call('library.duplicates', { limit: GROUPS }).then((r) => {
      if (!current) return
      if (r.ok) setPage(r.data)
      else setError(r.error.message)
    })
    return () => {
      current = false
    }
  }, [asked])

  const keepBest = async (ids: string[]) => {
    if ((await removeDuplicates(ids, askAgain)).length > 0) askAgain()
  }
  const everyRemoval = [...new Set(page?.groups.flatMap((g) => g.remove) ?? [])]

  if (error) return <p className="notice notice-danger">{error}</p>
  if (!page) return <p className="detail-note">{t('gallery:look.loading')}</p>
  return (
    <div className="duplicates">
      <div className="duplicates-head">
        <p className="detail-note">{t('gallery:look.duplicatesAbout')}</p>
        <Button variant="danger" disabled={everyRemoval.length === 0} onClick={() => void keepBest(everyRemoval)} data-testid="keep-best-all">
          {t('gallery:look.keepBestAll')}
        </Button>
      </div>
      {page.unpaired > 0 ? (
        <p className="detail-note" data-testid="duplicates-unpaired">
          {t('gallery:look.stillComparing', { count: page.unpaired })}
        </p>
      ) : null}
      {page.groups.length === 0 ? (
        <p className="detail-note" data-testid="duplicates-empty">
          {t('gallery:look.duplicatesNone')}
        </p>
      ) : (
        <ul className="duplicate-groups">
          {page.groups.map((g) => (
            <Group key={`${g.keep.jobId}:${g.keep.index}`} group={g} onKeepBest={(ids) => void keepBest(ids)} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </div>
  )
}

export function DuplicatesDialog({ onClose, onOpen }: { onClose(): void; onOpen(entry: LibraryEntry): void }) {
  const { t } = useTranslation()
  return (
    <Dialog open title={t('gallery:look.duplicatesTitle')} onClose={onClose} size="lg" testId="duplicates">
      <DuplicatesList onOpen={onOpen} />
    </Dialog>
  )
}
