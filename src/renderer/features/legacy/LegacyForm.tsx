// The legacy request's fields; model-specific ones appear only for the models that take them.
import { LEGACY_MODELS, type LegacyModel } from '../../../shared/api'
import { useLegacyDraft, type LegacyDraft } from '../../stores/legacy-draft'
import { Field, type FieldError } from '../../ui/Field'
import { Select } from '../../ui/Select'
import { Toggle } from '../../ui/Toggle'
import { UriField } from '../../components/inputs/UriField'
import { PromptInput } from '../../components/composer/PromptInput'
import type { ValidationDetails } from '../../../shared/api'

const MODEL_LABELS: Record<LegacyModel, string> = {
  'lv-a': 'Model A — image-to-video, up to 1080p',
  'lv-b': 'Model B — first and last frames, adaptive ratio',
  'lv-c': 'Model C — first and last frames, adaptive ratio'
}
const RATIOS = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9', 'adaptive']

const errs = (d: ValidationDetails, path: string): FieldError[] => (d[path] ? [{ path, messages: d[path] }] : [])

export function LegacyForm({ draft, details }: { draft: LegacyDraft; details: ValidationDetails }) {
  const set = useLegacyDraft((s) => s.set)
  const isA = draft.model === 'lv-a'
  return (
    <>
      <Field label="Model" htmlFor="legacy-model" errors={errs(details, 'model')}>
        <Select id="legacy-model" data-testid="legacy-model" value={draft.model} onChange={(v) => set('model', v as LegacyModel)} options={LEGACY_MODELS.map((m) => ({ value: m, label: MODEL_LABELS[m] }))} />
      </Field>
      <PromptInput id="legacy-prompt" value={draft.prompt} limit={2500} errors={errs(details, 'prompt')} onChange={(v) => set('prompt', v)} />
      {isA ? (
        <UriField id="legacy-image" label="Start image (image-to-video)" path="image_url" fieldKey="image_url" value={draft.image_url || undefined} required={false} errors={errs(details, 'image_url')} onChange={(v) => set('image_url', v ?? '')} />
      ) : (
        <div className="param-grid">
          <UriField id="legacy-first" label="First frame" path="first_frame_url" fieldKey="first_frame_url" value={draft.first_frame_url || undefined} required={false} errors={errs(details, 'first_frame_url')} onChange={(v) => set('first_frame_url', v ?? '')} />
          <UriField id="legacy-last" label="Last frame" path="last_frame_url" fieldKey="last_frame_url" value={draft.last_frame_url || undefined} required={false} errors={errs(details, 'last_frame_url')} onChange={(v) => set('last_frame_url', v ?? '')} />
        </div>
      )}
      <div className="param-grid">
        <Field label="Aspect ratio" htmlFor="legacy-ratio" errors={errs(details, 'aspect_ratio')}>
          <Select id="legacy-ratio" value={draft.aspect_ratio} onChange={(v) => set('aspect_ratio', v)} options={RATIOS.map((r) => ({ value: r, label: r === 'adaptive' ? 'Adaptive (B and C only)' : r, disabled: r === 'adaptive' && isA }))} />
        </Field>
        <Field label="Resolution" htmlFor="legacy-resolution" errors={errs(details, 'resolution')}>
          <Select
            id="legacy-resolution"
            value={draft.resolution}
            onChange={(v) => set('resolution', v as LegacyDraft['resolution'])}
            options={(['480p', '720p', '1080p'] as const).map((r) => ({ value: r, label: r === '1080p' ? '1080p (model A only)' : r, disabled: r === '1080p' && !isA }))}
          />
        </Field>
        <Field label="Duration" htmlFor="legacy-duration" errors={errs(details, 'duration')}>
          <Select id="legacy-duration" value={String(draft.duration)} onChange={(v) => set('duration', Number(v) as LegacyDraft['duration'])} options={[4, 8, 12].map((d) => ({ value: String(d), label: `${d} seconds` }))} />
        </Field>
        <Field label="Audio" htmlFor="legacy-audio" hint="Doubles the cost." errors={errs(details, 'generate_audio')} className="field-toggle">
          <Toggle id="legacy-audio" checked={draft.generate_audio} onChange={(v) => set('generate_audio', v)} label={draft.generate_audio ? 'Generate audio' : 'No audio'} />
        </Field>
      </div>
    </>
  )
}
