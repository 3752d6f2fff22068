// The create form's values and their validation by the contract's own schema, so the
// form and the engine reject the same things with the same words.
import { LORA_IMAGES_MAX, LORA_IMAGES_MIN, detailsFromZodError, type ValidationDetails } from '../../../shared/api'
import { loraCreateFieldsInput } from '../../../shared/contract'
import { t } from '../../i18n/page-i18n'

export interface LoraFormValues {
  name: string
  subjectKind: 'person' | 'style' | 'object'
  gender: string
  ethnicity: string
  age: string
  steps: number | string | undefined
  loraRank: number | string | undefined
  triggerWord: string
}

export const EMPTY_LORA_FORM: LoraFormValues = { name: '', subjectKind: 'person', gender: '', ethnicity: '', age: '', steps: 1000, loraRank: 16, triggerWord: '' }


/** The request without its images; empty optional text is left out. */
export function loraFields(v: LoraFormValues) {
  const opt = (s: string) => (s.trim() === '' ? undefined : s.trim())
  return {
    name: v.name,
    subjectKind: v.subjectKind,
    ...(opt(v.gender) ? { gender: opt(v.gender) } : {}),
    ...(opt(v.ethnicity) ? { ethnicity: opt(v.ethnicity) } : {}),
    ...(opt(v.age) ? { age: opt(v.age) } : {}),
    ...(v.steps !== undefined ? { steps: v.steps } : {}),
    ...(v.loraRank !== undefined ? { loraRank: v.loraRank } : {}),
    ...(opt(v.triggerWord) ? { triggerWord: opt(v.triggerWord) } : {})
  }
}

export function validateLoraForm(v: LoraFormValues, imageCount: number): ValidationDetails {
  const parsed = loraCreateFieldsInput.safeParse(loraFields(v))
  const details = parsed.success ? {} : detailsFromZodError(parsed.error)
  if (imageCount < LORA_IMAGES_MIN) details.images = [t('loras:images.tooFew', { min: LORA_IMAGES_MIN, count: LORA_IMAGES_MIN - imageCount })]
  else if (imageCount > LORA_IMAGES_MAX) details.images = [t('loras:images.tooMany', { max: LORA_IMAGES_MAX, count: imageCount - LORA_IMAGES_MAX })]
  return details
}
