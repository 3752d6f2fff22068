// What a model switch does to the draft's inputs, said by name: the ones the new model
// keeps, the ones it drops (not sent), and the ones its last settings bring back.
import { formatList } from '../../format/numbers'
import { t } from '../../i18n/page-i18n'
import type { FieldSpec } from '../../forms/field-spec'
import type { UploadRef } from '../../stores/uploads'
import { draftInputs, inputName, inputsAcrossSwitch } from './draft-inputs'

interface Side {
  fields: FieldSpec[]
  params: Record<string, unknown>
}

/** The note to show after switching from `before` to `after` on `model`, or null when no input is involved. */
export function inputsSwitchNote(model: string, before: Side, after: Side, byUrl: Record<string, UploadRef>): string | null {
  const had = draftInputs(before.fields, before.params, byUrl)
  const now = draftInputs(after.fields, after.params, byUrl)
  const { kept, dropped } = inputsAcrossSwitch(had, after.params)
  const hadUrls = new Set(had.map((i) => i.url))
  const restored = now.filter((i) => !hadUrls.has(i.url))
  const names = (list: typeof had) => formatList(list.map(inputName))
  const lines = [
    kept.length > 0 ? t('inputs:switch.kept', { model, count: kept.length, names: names(kept) }) : null,
    dropped.length > 0 ? t('inputs:switch.dropped', { model, names: names(dropped) }) : null,
    restored.length > 0 ? t('inputs:switch.restored', { model, count: restored.length, names: names(restored) }) : null
  ].filter((l): l is string => l !== null)
  return lines.length > 0 ? lines.join(' ') : null
}
