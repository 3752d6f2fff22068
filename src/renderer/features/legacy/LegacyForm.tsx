// The legacy request's fields; model-specific ones appear only for the models that take them.
import { LEGACY_MODELS, type LegacyModel } from '../../../shared/api'
import { useLegacyDraft, type LegacyDraft } from '../../stores/legacy-draft'
import { Field, type FieldError } from '../../ui/Field'
import { Select } from '../../ui/Select'
import { Toggle } from '../../ui/Toggle'
import { UriField } from '../../components/inputs/UriField'
import { PromptInput } from '../../components/composer/PromptInput'
import type { ValidationDetails } from '../../../shared/api'
import { useTranslation } from '../../i18n/page-i18n'
import { problemText } from '../../forms/problem-text'

const MODEL_LABELS = {
  'lv-a': 'legacy:model.a',
  'lv-b': 'legacy:model.b',
  'lv-c': 'legacy:model.c'
} as const satisfies Record<LegacyModel, string>
const RATIOS = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9', 'adaptive']

/** A field's problems, said in the page's language. */
const errs = (d: ValidationDetails, path: string): FieldError[] => (d[path] ? [{ path, messages: d[path].map(problemText) }] : [])

export function LegacyForm({ draft, details }: { draft: LegacyDraft; details: ValidationDetails }) {
  const { t } = useTranslation()
  const set = useLegacyDraft((s) => s.set)
  const isA = draft.model === 'lv-a'
  return (
    <>
      <Field label={t('legacy:model.label')} htmlFor="legacy-model" errors={errs(details, 'model')}>
        <Select id="legacy-model" data-testid="legacy-model" value={draft.model} onChange={(v) => set('model', v as LegacyModel)} options={LEGACY_MODELS.map((m) => ({ value: m, label: t(MODEL_LABELS[m]) }))} />
      </Field>
      <PromptInput id="legacy-prompt" value={draft.prompt} limit={2500} errors={errs(details, 'prompt')} onChange={(v) => set('prompt', v)} />
      {isA ? (
        <UriField id="legacy-image" label={t('legacy:startImage')} path="image_url" fieldKey="image_url" value={draft.image_url || undefined} required={false} errors={errs(details, 'image_url')} onChange={(v) => set('image_url', v ?? '')} />
      ) : (
        <div className="param-grid">
          <UriField id="legacy-first" label={t('legacy:firstFrame')} path="first_frame_url" fieldKey="first_frame_url" value={draft.first_frame_url || undefined} required={false} errors={errs(details, 'first_frame_url')} onChange={(v) => set('first_frame_url', v ?? '')} />
          <UriField id="legacy-last" label={t('legacy:lastFrame')} path="last_frame_url" fieldKey="last_frame_url" value={draft.last_frame_url || undefined} required={false} errors={errs(details, 'last_frame_url')} onChange={(v) => set('last_frame_url', v ?? '')} />
        </div>
      )}
      <div className="param-grid">
        <Field label={t('legacy:ratio.label')} htmlFor="legacy-ratio" errors={errs(details, 'aspect_ratio')}>
          <Select id="legacy-ratio" value={draft.aspect_ratio} onChange={(v) => set('aspect_ratio', v)} options={RATIOS.map((r) => ({ value: r, label: r === 'adaptive' ? t('legacy:ratio.adaptive') : r, disabled: r === 'adaptive' && isA }))} />
        </Field>
        <Field label={t('legacy:resolution.label')} htmlFor="legacy-resolution" errors={errs(details, 'resolution')}>
          <Select
            id="legacy-resolution"
            value={draft.resolution}
            onChange={(v) => set('resolution', v as LegacyDraft['resolution'])}
            options={(['480p', '720p', '1080p'] as const).map((r) => ({ value: r, label: r === '1080p' ? t('legacy:resolution.only1080') : r, disabled: r === '1080p' && !isA }))}
          />
        </Field>
        <Field label={t('legacy:duration.label')} htmlFor="legacy-duration" errors={errs(details, 'duration')}>
          <Select id="legacy-duration" value={String(draft.duration)} onChange={(v) => set('duration', Number(v) as LegacyDraft['duration'])} options={[4, 8, 12].map((d) => ({ value: String(d), label: t('legacy:duration.seconds', { seconds: d }) }))} />
        </Field>
        <Field label={t('legacy:audio.label')} htmlFor="legacy-audio" hint={t('legacy:audio.hint')} errors={errs(details, 'generate_audio')} className="field-toggle">
          <Toggle id="legacy-audio" checked={draft.generate_audio} onChange={(v) => set('generate_audio', v)} label={draft.generate_audio ? t('legacy:audio.on') : t('legacy:audio.off')} />
        </Field>
      </div>
    </>
  )
}
