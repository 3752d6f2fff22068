// Asks for a board's name, to create one or rename it. `onSave` answers false to keep the
// dialog open (the store has already said why).
import { useTranslation } from '../../i18n/page-i18n'
import { NameDialog } from '../../ui/NameDialog'

interface BoardNameDialogProps {
  title: string
  initial?: string
  saveLabel: string
  onSave(name: string): Promise<boolean>
  onClose(): void
}

export function BoardNameDialog({ title, initial = '', saveLabel, onSave, onClose }: BoardNameDialogProps) {
  const { t } = useTranslation()
  return (
    <NameDialog
      title={title}
      testId="board-name-dialog"
      fields={[{ name: 'name', id: 'board-name', label: t('gallery:boards.name'), initial, maxLength: 100, required: true }]}
      saveLabel={saveLabel}
      saveTestId="board-name-save"
      onSave={(values) => onSave((values['name'] ?? '').trim())}
      onClose={onClose}
      cancelLabel={t('gallery:actions.cancel')}
      closeLabel={t('gallery:actions.close')}
    />
  )
}
