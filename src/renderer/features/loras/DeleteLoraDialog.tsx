import { useState } from 'react'
import type { Lora } from '../../../shared/api'
import { call } from '../../api/client'
import { Trans, useTranslation } from '../../i18n/page-i18n'
import { useLoras } from '../../stores/loras'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'

export function DeleteLoraDialog({ lora, onClose }: { lora: Lora; onClose(): void }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    setBusy(true)
    const r = await call('loras.delete', { id: lora.id })
    setBusy(false)
    if (!r.ok) return toast.error(r.error.message)
    // The service archives a deleted LoRA; the refreshed list shows it so.
    void useLoras.getState().load()
    toast.info(t('loras:delete.done', { name: lora.name }))
    onClose()
  }
  return (
    <Dialog
      open
      title={t('loras:delete.title')}
      onClose={onClose}
      size="sm"
      testId="lora-delete-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('loras:delete.keep')}
          </Button>
          <Button variant="danger" busy={busy} onClick={() => void confirm()} data-testid="lora-delete-confirm">
            {t('loras:delete.confirm')}
          </Button>
        </>
      }
    >
      <p>
        <Trans t={t} i18nKey="loras:delete.body" components={{ name: <strong translate="no">{lora.name}</strong> }} />
      </p>
    </Dialog>
  )
}
