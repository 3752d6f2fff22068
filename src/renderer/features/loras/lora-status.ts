import type { LoraStatus } from '../../../shared/api'
import type { ChipTone } from '../../ui/StatusChip'

export const LORA_TONE: Record<LoraStatus, ChipTone> = {
  PENDING: 'neutral',
  UPLOADING: 'info',
  TRAINING: 'accent',
  READY: 'success',
  FAILED: 'danger',
  ARCHIVED: 'warning'
}

/** Each status's name, read with `t(...)` where it is drawn so it follows the language. */
export const LORA_LABEL_KEYS = {
  PENDING: 'loras:status.PENDING',
  UPLOADING: 'loras:status.UPLOADING',
  TRAINING: 'loras:status.TRAINING',
  READY: 'loras:status.READY',
  FAILED: 'loras:status.FAILED',
  ARCHIVED: 'loras:status.ARCHIVED'
} as const satisfies Record<LoraStatus, string>
