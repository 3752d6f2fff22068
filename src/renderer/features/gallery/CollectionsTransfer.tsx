// Export and import of boards and favourites as a JSON file, to move them to another
// machine or keep a copy. The file is checked against the contract before it is sent.
import { useRef, useState } from 'react'
import { collectionsExportSchema } from '../../../shared/app/collections'
import { call } from '../../api/client'
import { useBoards } from '../../stores/boards'
import { useLibrary } from '../../stores/library'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { useTranslation } from '../../i18n/page-i18n'

function saveJson(name: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // The download has its own copy once it starts; the next task is late enough to let go.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

export function CollectionsTransfer() {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)

  const exportAll = async () => {
    const r = await call('collections.export', {})
    if (!r.ok) return toast.error(r.error.message)
    saveJson(`mediagen-boards-${new Date().toISOString().slice(0, 10)}.json`, r.data)
  }

  const importFile = async (file: File) => {
    let parsed: unknown
    try {
      parsed = JSON.parse(await file.text())
    } catch {
      return toast.error(t('gallery:transfer.notJson', { name: file.name }))
    }
    const data = collectionsExportSchema.safeParse(parsed)
    if (!data.success) return toast.error(t('gallery:transfer.notExport', { name: file.name }))
    const r = await call('collections.import', { data: data.data })
    if (!r.ok) return toast.error(r.error.message)
    toast.success(t('gallery:transfer.imported', { boards: r.data.boards, entries: r.data.entries }))
    await Promise.all([useBoards.getState().load(), useLibrary.getState().refresh()])
  }

  return (
    <div className="collections-transfer" role="group" aria-label={t('gallery:transfer.label')}>
      <Button size="sm" variant="ghost" onClick={() => void exportAll()} data-testid="collections-export">
        {t('gallery:transfer.export')}
      </Button>
      <Button size="sm" variant="ghost" busy={busy} onClick={() => input.current?.click()} data-testid="collections-import">
        {t('gallery:transfer.import')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="collections-file"
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (!file) return
          setBusy(true)
          void importFile(file).finally(() => setBusy(false))
        }}
      />
    </div>
  )
}
