// Smart collections beside the boards: each a saved filter, listed with how many items
// match it now (main says when the counts may have changed, and the list is asked again).
// Picking one shows it; the filters as they are can be saved as a new one, or into the
// one shown; it can be renamed or deleted (its items stay where they are).
import { useEffect, useState } from 'react'
import { onEvent } from '../../api/client'
import { useTranslation } from '../../i18n/page-i18n'
import { isFiltered, useLibrary } from '../../stores/library'
import { useSmartCollections } from '../../stores/smart-collections'
import { Button } from '../../ui/Button'
import { Select } from '../../ui/Select'
import { BoardNameDialog } from './BoardNameDialog'
import { filterOf, filtersFor, sameFilter } from './smart-filter'

/** The list, loaded when the gallery opens and again whenever main says counts changed. */
function useLiveCounts(): void {
  useEffect(() => {
    const load = () => void useSmartCollections.getState().load()
    load()
    return onEvent('smartCollections.countsChanged', load)
  }, [])
}

export function SmartCollections() {
  const { t } = useTranslation()
  const collections = useSmartCollections((s) => s.collections)
  const filters = useLibrary((s) => s.filters)
  const [shownId, setShownId] = useState<string | null>(null)
  const [naming, setNaming] = useState<'create' | 'rename' | null>(null)
  const [confirming, setConfirming] = useState(false)
  useLiveCounts()
  const now = filterOf(filters)
  const shown = collections.find((c) => c.id === shownId)
  const edited = shown !== undefined && !sameFilter(shown.filter, now)

  const show = (id: string) => {
    const c = collections.find((x) => x.id === id)
    setShownId(c ? c.id : null)
    setConfirming(false)
    useLibrary.setState({ filters: c ? filtersFor(c.filter, useLibrary.getState().filters) : { sort: filters.sort } })
    void useLibrary.getState().reload()
  }
  const create = async (name: string) => {
    const made = await useSmartCollections.getState().create(name, now)
    if (made) setShownId(made.id)
    return made !== null
  }

  return (
    <div className="smart-collections" role="group" aria-label={t('gallery:smart.group')}>
      <Select
        aria-label={t('gallery:smart.label')}
        data-testid="smart-collection"
        className="filter-select"
        value={shown?.id ?? ''}
        emptyLabel={t('gallery:smart.none')}
        options={collections.map((c) => ({ value: c.id, label: t(c.countIsLowerBound ? 'gallery:smart.optionAtLeast' : 'gallery:smart.option', { name: c.name, count: c.count }) }))}
        onChange={show}
      />
      {shown ? (
        <>
          {edited ? (
            <Button size="sm" onClick={() => void useSmartCollections.getState().update(shown.id, now)} data-testid="smart-update">
              {t('gallery:smart.update')}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => setNaming('rename')} data-testid="smart-rename">
            {t('gallery:boards.rename')}
          </Button>
          {confirming ? (
            <span className="confirm-inline" role="group" aria-label={t('gallery:smart.confirmGroup')}>
              <Button size="sm" variant="danger" data-testid="smart-confirm-delete" onClick={() => void useSmartCollections.getState().remove(shown.id).then((gone) => gone && show(''))}>
                {t('gallery:boards.confirmDelete', { name: shown.name })}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                {t('gallery:actions.keep')}
              </Button>
            </span>
          ) : (
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} data-testid="smart-delete" title={t('gallery:smart.deleteHint')}>
              {t('gallery:smart.delete')}
            </Button>
          )}
        </>
      ) : null}
      <Button size="sm" variant="ghost" disabled={!isFiltered(filters)} title={isFiltered(filters) ? undefined : t('gallery:smart.saveHint')} onClick={() => setNaming('create')} data-testid="smart-save">
        {t('gallery:smart.save')}
      </Button>
      {naming === 'create' ? <BoardNameDialog title={t('gallery:smart.saveTitle')} saveLabel={t('gallery:boards.create')} onSave={create} onClose={() => setNaming(null)} /> : null}
      {naming === 'rename' && shown ? (
        <BoardNameDialog
          title={t('gallery:boards.renameTitle', { name: shown.name })}
          initial={shown.name}
          saveLabel={t('gallery:actions.save')}
          onSave={async (name) => (await useSmartCollections.getState().rename(shown.id, name)) !== null}
          onClose={() => setNaming(null)}
        />
      ) : null}
    </div>
  )
}
