// A1111 settings (read by main under A1111's common names: steps, guidance_scale, seed,
// width/height) given the names the open model uses: CFG scale is `guidance` on one
// model and `guidance_scale` on another, Steps is `steps` or `num_inference_steps`, and a
// Size becomes width and height, or the nearest aspect ratio the model offers. Every
// field the file speaks of replaces the draft's own value; "model default" clears it, so
// the model's default applies as it did for the file.
import type { ModelInfo } from '../../shared/api'
import { MODEL_DEFAULT } from '../../shared/app/a1111'
import { fieldsOf, type FieldSpec } from './field-spec'

const ALIASES: Record<string, readonly string[]> = {
  steps: ['steps', 'num_inference_steps'],
  guidance_scale: ['guidance', 'guidance_scale', 'cfg_scale'],
  seed: ['seed']
}

export interface MappedA1111 {
  /** Values by the model's own field names (checked against the model afterwards). */
  params: Record<string, unknown>
  /** Fields of the model the file set to its default: the draft's value goes. */
  cleared: string[]
  /** A1111 settings the model has no field for, or none it can take, by their A1111 meaning ("Steps", "Size"). */
  noField: string[]
}

const NO_FIELD_LABEL: Record<string, string> = { steps: 'Steps', guidance_scale: 'CFG scale', seed: 'Seed', size: 'Size' }

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}

/** The allowed ratio closest to width:height (by the logarithm of the ratio, so 2:1 and 1:2 are as far from 1:1). */
function nearestRatio(width: number, height: number, field: FieldSpec): string | null {
  const target = Math.log(width / height)
  const ratios = (field.options ?? []).filter((o): o is string => typeof o === 'string' && /^\d+:\d+$/.test(o))
  if (ratios.length === 0) {
    const d = gcd(width, height)
    return field.kind === 'text' ? `${width / d}:${height / d}` : null
  }
  const distance = (r: string) => {
    const [w, h] = r.split(':').map(Number) as [number, number]
    return Math.abs(Math.log(w / h) - target)
  }
  return ratios.reduce((best, r) => (distance(r) < distance(best) ? r : best))
}

function mapSize(width: number, height: number, fields: Map<string, FieldSpec>, out: MappedA1111): void {
  if (fields.has('width') && fields.has('height')) {
    out.params.width = width
    out.params.height = height
    return
  }
  const ratioField = fields.get('aspect_ratio')
  const ratio = ratioField && width > 0 && height > 0 ? nearestRatio(width, height, ratioField) : null
  if (!ratio) return void out.noField.push(NO_FIELD_LABEL.size!)
  out.params.aspect_ratio = ratio
}

export function mapA1111(found: Record<string, unknown>, model: ModelInfo): MappedA1111 {
  const fields = new Map(fieldsOf(model.block, model.blockName).map((f) => [f.key, f]))
  const out: MappedA1111 = { params: {}, cleared: [], noField: [] }
  for (const [name, value] of Object.entries(found)) {
    if (name === 'width' || name === 'height') continue
    const aliases = ALIASES[name]
    const target = aliases ? aliases.find((a) => fields.has(a)) : name
    if (!target) {
      if (value !== MODEL_DEFAULT) out.noField.push(NO_FIELD_LABEL[name] ?? name)
      continue
    }
    if (value === MODEL_DEFAULT) out.cleared.push(target)
    else out.params[target] = value
  }
  if (found.width === undefined && found.height === undefined) return out
  // A size read from a file is whole pixels; anything else (a number too large to be exact,
  // say) is named as not taken rather than turned into a ratio.
  const pixels = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0
  if (pixels(found.width) && pixels(found.height)) mapSize(found.width, found.height, fields, out)
  else out.noField.push(NO_FIELD_LABEL.size!)
  return out
}
