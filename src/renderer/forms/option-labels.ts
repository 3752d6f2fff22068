// The words of a parameter's choices. A choice that is a word ("vivid", "low") is said in
// the page's language; one that is the service's own term (an aspect ratio, a file format,
// a resolution, a version id) is shown as the service writes it.
import type params from '../../shared/i18n/locales/en/params.json'
import { t } from '../i18n/page-i18n'

type OptionKey = keyof typeof params.option

/** Choices said in words, by the value the service takes; the rest are shown as they are. */
const WORDS: Record<string, OptionKey> = {
  none: 'none',
  regular: 'regular',
  low: 'low',
  medium: 'medium',
  high: 'high',
  auto: 'auto',
  Auto: 'auto',
  On: 'on',
  Off: 'off',
  opaque: 'opaque',
  transparent: 'transparent',
  rgba: 'rgba',
  map: 'map',
  green: 'green',
  white: 'white',
  blur: 'blur',
  overlay: 'overlay',
  inpaint: 'inpaint',
  outpaint: 'outpaint',
  standard: 'standard',
  pro: 'pro',
  default: 'default',
  turbo: 'turbo',
  quality: 'quality',
  vivid: 'vivid',
  natural: 'natural',
  match_input_image: 'matchInput',
  square: 'square',
  square_hd: 'squareHd',
  portrait_4_3: 'portrait43',
  portrait_16_9: 'portrait169',
  landscape_4_3: 'landscape43',
  landscape_16_9: 'landscape169',
  'text-to-image': 'textToImage',
  'image-to-image': 'imageToImage',
  'image-edit': 'imageEdit',
  'Zoom out 1.5x': 'zoomOut15',
  'Zoom out 2x': 'zoomOut2',
  'Make square': 'makeSquare',
  'Left outpaint': 'left',
  'Right outpaint': 'right',
  'Top outpaint': 'top',
  'Bottom outpaint': 'bottom'
}

/** True when the choice is said in words (so it is translated), false for a service term. */
export function isWordOption(value: string | number): boolean {
  return typeof value === 'string' && Object.hasOwn(WORDS, value)
}

/** What a choice reads as on screen. */
export function optionLabel(value: string | number): string {
  const key = isWordOption(value) ? WORDS[value as string] : undefined
  return key ? t(`params:option.${key}`) : String(value)
}
