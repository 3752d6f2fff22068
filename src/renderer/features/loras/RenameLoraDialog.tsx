// Renames a LoRA and sets or removes its trigger word; the engine's objections are shown
// at their fields.
import type { Lora } from '../../../shared/api'
import { call, detailsOf } from '../../api/client'
import { Trans, useTranslation } from '../../i18n/page-i18n'
import { useLoras } from '../../stores/loras'
import { NameDialog, type FieldProblems, type FieldValues } from '../../ui/NameDialog'

export function RenameLoraDialog({ lora, onClose }: { lora: Lora; onClose(): void }) {
  const { t } = useTranslation()
  const save = async (values: FieldValues): Promise<true | FieldProblems> => {
    const trigger = (values['triggerWord'] ?? '').trim()
    const r = await call('loras.rename', { id: lora.id, name: (values['name'] ?? '').trim(), triggerWord: trigger === '' ? null : trigger })
    if (!r.ok) return detailsOf(r.error) ?? { name: [r.error.message] }
    useLoras.getState().upsert(r.data)
    return true
  }
  return (
    <NameDialog
      title={<Trans t={t} i18nKey="loras:rename.title" components={{ name: <span translate="no">{lora.name}</span> }} />}
      testId="lora-rename-dialog"
      fields={[
        { name: 'name', id: 'lora-rename-name', label: t('loras:rename.name'), initial: lora.name, maxLength: 100, required: true },
        { name: 'triggerWord', id: 'lora-rename-trigger', label: t('loras:rename.triggerWord'), initial: lora.triggerWord ?? '', maxLength: 50, hint: t('loras:rename.triggerHint') }
      ]}
      saveLabel={t('loras:rename.save')}
      saveTestId="lora-rename-save"
      onSave={save}
      onClose={onClose}
    />
  )
}
