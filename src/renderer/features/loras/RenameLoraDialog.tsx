// Renames a LoRA and sets or removes its trigger word; the engine's objections are shown
// at their fields.
import type { Lora } from '../../../shared/api'
import { call, detailsOf } from '../../api/client'
import { useLoras } from '../../stores/loras'
import { NameDialog, type FieldProblems, type FieldValues } from '../../ui/NameDialog'

export function RenameLoraDialog({ lora, onClose }: { lora: Lora; onClose(): void }) {
  const save = async (values: FieldValues): Promise<true | FieldProblems> => {
    const trigger = (values['triggerWord'] ?? '').trim()
    const r = await call('loras.rename', { id: lora.id, name: (values['name'] ?? '').trim(), triggerWord: trigger === '' ? null : trigger })
    if (!r.ok) return detailsOf(r.error) ?? { name: [r.error.message] }
    useLoras.getState().upsert(r.data)
    return true
  }
  return (
    <NameDialog
      title={`Rename ${lora.name}`}
      testId="lora-rename-dialog"
      fields={[
        { name: 'name', id: 'lora-rename-name', label: 'Name', initial: lora.name, maxLength: 100, required: true },
        { name: 'triggerWord', id: 'lora-rename-trigger', label: 'Trigger word', initial: lora.triggerWord ?? '', maxLength: 50, hint: 'Leave empty to remove it.' }
      ]}
      saveLabel="Save"
      saveTestId="lora-rename-save"
      onSave={save}
      onClose={onClose}
    />
  )
}
