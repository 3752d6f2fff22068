import { useState } from 'react'
import type { Lora } from '../../../shared/api'
import { call, detailsOf } from '../../api/client'
import { useLoras } from '../../stores/loras'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { Field } from '../../ui/Field'
import { TextInput } from '../../ui/TextInput'

export function RenameLoraDialog({ lora, onClose }: { lora: Lora; onClose(): void }) {
  const [name, setName] = useState(lora.name)
  const [trigger, setTrigger] = useState(lora.triggerWord ?? '')
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Record<string, string[]>>({})

  const save = async () => {
    setBusy(true)
    const r = await call('loras.rename', { id: lora.id, name: name.trim(), triggerWord: trigger.trim() === '' ? null : trigger.trim() })
    setBusy(false)
    if (!r.ok) return setErrors(detailsOf(r.error) ?? { name: [r.error.message] })
    useLoras.getState().upsert(r.data)
    onClose()
  }

  return (
    <Dialog
      open
      title={`Rename ${lora.name}`}
      onClose={onClose}
      size="sm"
      testId="lora-rename-dialog"
      initialFocusId="lora-rename-name"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" busy={busy} disabled={name.trim() === ''} onClick={() => void save()} data-testid="lora-rename-save">
            Save
          </Button>
        </>
      }
    >
      <Field label="Name" htmlFor="lora-rename-name" required errors={errors.name ? [{ path: 'name', messages: errors.name }] : []}>
        <TextInput id="lora-rename-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field label="Trigger word" htmlFor="lora-rename-trigger" hint="Leave empty to remove it." errors={errors.triggerWord ? [{ path: 'triggerWord', messages: errors.triggerWord }] : []}>
        <TextInput id="lora-rename-trigger" value={trigger} maxLength={50} onChange={(e) => setTrigger(e.target.value)} />
      </Field>
    </Dialog>
  )
}
