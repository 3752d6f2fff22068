// The starting JSON for a catalog model the app does not know: its block, empty.
import type { ModelOption } from './model-options'

export function freeformTemplate(option: ModelOption): string {
  return option.family ? `{\n  "${option.family}Params": {}\n}` : '{}'
}
