// "Reuse seed" on a result or in the viewer: Create's next run sends that seed, locked so
// it stays until the user unlocks it.
import { getModel } from '../../../shared/api'
import { fieldsOf } from '../../forms/field-spec'
import { useCreateOptions } from '../../stores/create-options'
import { useDrafts } from '../../stores/drafts'
import { t } from '../../i18n/page-i18n'
import { toast } from '../../stores/toasts'
import { takesSeed } from './seeds'

export function reuseSeed(seed: number): void {
  const draft = useDrafts.getState().drafts.create
  const model = draft.modelId ? getModel(draft.modelId) : undefined
  if (!model || !takesSeed(fieldsOf(model.block, model.blockName))) {
    toast.warning(model ? t('create:reuseSeed.noSeed', { model: model.label, seed }) : t('create:reuseSeed.noSeedAny', { seed }))
    return
  }
  useDrafts.getState().setParam('create', 'seed', seed, `${model.blockName}.seed`)
  useCreateOptions.getState().setSeedLocked(true)
  toast.success(t('create:reuseSeed.sent', { seed }))
}
