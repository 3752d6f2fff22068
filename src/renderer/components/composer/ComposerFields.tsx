// The body of a generation form: model, prompt, and the model's generated parameters
// (or the free-form editor for a model the app does not know).
import { knownDefaults } from '../../../shared/api'
import { carryParams, droppedNote } from '../../forms/carry-params'
import { fieldsOf, isInputField, type FieldSpec } from '../../forms/field-spec'
import { labelFor } from '../../forms/field-labels'
import { useCatalog } from '../../stores/catalog'
import { useDrafts } from '../../stores/drafts'
import { toast } from '../../stores/toasts'
import { useUploads } from '../../stores/uploads'
import { DraftInputs } from '../inputs/DraftInputs'
import { inputsSwitchNote } from '../inputs/switch-note'
import { FreeformEditor } from './FreeformEditor'
import { ModelPicker } from './ModelPicker'
import { ParamsForm, fieldErrors } from './ParamsForm'
import { PromptInput } from './PromptInput'
import { PromptTools } from './PromptTools'
import type { ModelOption } from './model-options'
import type { Composer } from './use-composer'
import { ModelPaletteButton } from './ModelPaletteButton'
import { freeformTemplate } from './freeform-template'

/**
 * Another model in the same form: what the user set and the new model takes comes along
 * (over the settings last used with it); what it does not take is named.
 */
function changeModel(c: Composer, o: ModelOption): void {
  const drafts = useDrafts.getState()
  if (!o.model) return drafts.chooseModel(c.draftId, o.id, o.modality, { freeform: freeformTemplate(o) })
  const carried = carryParams(c.draft.params, o.model, { inputs: true })
  const params = { ...drafts.lastSettings[o.id], ...carried.kept }
  drafts.chooseModel(c.draftId, o.id, o.modality, { params })
  // The inputs are named on their own (by file); the note of settings names the rest.
  const inputLabels = new Set(c.fields.filter(isInputField).map((f) => labelFor(f.key)))
  const settings = droppedNote({ ...carried, dropped: carried.dropped.filter((l) => !inputLabels.has(l)) }, o.model)
  const inputs = inputsSwitchNote(o.model.label, { fields: c.fields, params: c.draft.params }, { fields: fieldsOf(o.model.block, o.model.blockName), params }, useUploads.getState().byUrl)
  const note = [inputs, settings].filter(Boolean).join(' ')
  if (note) toast.info(note)
}

interface ComposerFieldsProps {
  composer: Composer
  /** Parameters laid out elsewhere by the view. */
  hidden?: string[]
  showModelPicker?: boolean
  /** A problem of the prompt found outside the request (its wildcards), shown at the prompt. */
  promptProblem?: string | null
}

export function ComposerFields({ composer: c, hidden, showModelPicker = true, promptProblem = null }: ComposerFieldsProps) {
  const offline = useCatalog((s) => s.offline)
  const drafts = useDrafts.getState()
  const prefix = c.draftId

  return (
    <>
      {c.draftId === 'create' ? <DraftInputs draftId={c.draftId} fields={c.fields} params={c.draft.params} /> : null}
      {showModelPicker ? (
        <div className="model-row">
          <ModelPicker
            id={`${prefix}-model`}
            options={c.options}
            value={c.option}
            offline={offline}
            onChange={(o) => changeModel(c, o)}
          />
          <ModelPaletteButton />
        </div>
      ) : null}
      {c.takesPrompt ? (
        <PromptInput
          id={`${prefix}-prompt`}
          value={c.draft.prompt}
          limit={c.promptLimit}
          errors={promptProblem ? [...fieldErrors(c.visibleDetails, 'prompt'), { path: 'prompt.wildcards', messages: [promptProblem] }] : fieldErrors(c.visibleDetails, 'prompt')}
          onChange={(v) => drafts.setPrompt(c.draftId, v)}
        />
      ) : null}
      {c.takesPrompt && c.draftId === 'create' ? <PromptTools composer={c} /> : null}
      {c.model ? (
        <ParamsForm
          idPrefix={prefix}
          fields={c.fields}
          params={c.draft.params}
          details={c.visibleDetails}
          hidden={hidden}
          seedLockable={c.draftId === 'create'}
          defaults={knownDefaults(c.model, c.fields.map((f) => f.key))}
          onChange={(spec: FieldSpec, value) => drafts.setParam(c.draftId, spec.key, value, spec.path)}
        />
      ) : c.option ? (
        <FreeformEditor
          id={`${prefix}-freeform`}
          value={c.draft.freeform}
          blockHint={c.option.family ? `${c.option.family}Params` : null}
          errors={fieldErrors(c.visibleDetails, '$')}
          onChange={(v) => drafts.setFreeform(c.draftId, v)}
        />
      ) : null}
    </>
  )
}
