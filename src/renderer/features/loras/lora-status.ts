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

export const LORA_LABEL: Record<LoraStatus, string> = {
  PENDING: 'Pending',
  UPLOADING: 'Uploading',
  TRAINING: 'Training',
  READY: 'Ready',
  FAILED: 'Failed',
  ARCHIVED: 'Archived'
}
