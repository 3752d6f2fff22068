import { useState } from 'react'
import type { Lora } from '../../../shared/api'
import { call } from '../../api/client'
import { useLoras } from '../../stores/loras'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'

export function DeleteLoraDialog({ lora, onClose }: { lora: Lora; onClose(): void }) {
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    setBusy(true)
    const r = await call('loras.delete', { id: lora.id })
    setBusy(false)
    if (!r.ok) return toast.error(r.error.message)
    // The service archives a deleted LoRA; the refreshed list shows it so.
    void useLoras.getState().load()
    toast.info(`Deleted ${lora.name}`)
    onClose()
  }
  return (
    <Dialog
      open
      title="Delete this LoRA?"
      onClose={onClose}
      size="sm"
      testId="lora-delete-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Keep it
          </Button>
          <Button variant="danger" busy={busy} onClick={() => void confirm()} data-testid="lora-delete-confirm">
            Delete
          </Button>
        </>
      }
    >
      <p>
        <strong>{lora.name}</strong> will be archived and can no longer be used for generation. Images already generated with it stay in
        your library.
      </p>
    </Dialog>
  )
}
