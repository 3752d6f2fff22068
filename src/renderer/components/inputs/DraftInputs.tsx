// The draft's inputs as thumbnails at the top of the form, each with the field it goes
// into and a button that takes it out: a file the request sends is never out of sight
// (an image left in a field would otherwise turn a text-to-image job into image-to-image).
import { useTranslation } from '../../i18n/page-i18n'
import { useDrafts, type DraftId } from '../../stores/drafts'
import { useUploads } from '../../stores/uploads'
import type { FieldSpec } from '../../forms/field-spec'
import { draftInputs, inputName, withoutInput } from './draft-inputs'
import { previewOf } from './uploading'

export function DraftInputs({ draftId, fields, params }: { draftId: DraftId; fields: FieldSpec[]; params: Record<string, unknown> }) {
  const { t } = useTranslation()
  const byUrl = useUploads((s) => s.byUrl)
  const inputs = draftInputs(fields, params, byUrl)
  if (inputs.length === 0) return null
  return (
    <section className="draft-inputs" aria-label={t('inputs:strip.label', { count: inputs.length })} data-testid="draft-inputs">
      <h3 className="draft-inputs-title">{t('inputs:strip.title', { count: inputs.length })}</h3>
      <ul className="draft-inputs-list">
        {inputs.map((input) => {
          const preview = previewOf(input.ref)
          const name = inputName(input)
          return (
            <li key={`${input.field.key}-${input.position ?? 0}-${input.url}`} className="draft-input" data-testid="draft-input" data-field={input.field.path}>
              {preview && input.ref?.kind === 'image' ? <img src={preview} alt="" className="draft-input-thumb" /> : <span className="draft-input-thumb draft-input-url" aria-hidden="true" />}
              <span className="draft-input-meta">
                <span className="draft-input-field">{input.field.label}</span>
                <span className="draft-input-name" title={name} translate="no">
                  {name}
                </span>
              </span>
              <button
                type="button"
                className="icon-btn draft-input-remove"
                aria-label={t('inputs:strip.remove', { name, field: input.field.label })}
                onClick={() => useDrafts.getState().setParam(draftId, input.field.key, withoutInput(params, input), input.field.path)}
                data-testid="draft-input-remove"
              >
                ×
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
