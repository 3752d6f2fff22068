// Train a new LoRA: a name, what it learns, optional subject details, training settings
// and 15..30 images, dropped from disk or taken from the gallery (or both).
import { useState } from 'react'
import { SUBJECT_KINDS, type ValidationDetails } from '../../../shared/api'
import type { RouteInput } from '../../../shared/contract'
import { call, detailsOf } from '../../api/client'
import { fileToInput } from '../../api/file-encoding'
import { t as say, useTranslation } from '../../i18n/page-i18n'
import { useLoras, type LibraryPick } from '../../stores/loras'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { Field, type FieldError } from '../../ui/Field'
import { NumberInput } from '../../ui/NumberInput'
import { Select } from '../../ui/Select'
import { TextInput } from '../../ui/TextInput'
import { LoraImagesField } from './LoraImagesField'
import { EMPTY_LORA_FORM, loraFields, validateLoraForm, type LoraFormValues } from './lora-form'

const errs = (d: ValidationDetails, path: string): FieldError[] => (d[path] ? [{ path, messages: d[path] }] : [])

/**
 * A problem with one image (`images.3`, `libraryImages.2`) is shown under the images,
 * named by the image it is about.
 */
function imageErrorsOf(shown: ValidationDetails, files: readonly File[], picks: readonly { label: string }[]): FieldError[] {
  return Object.entries(shown).flatMap(([path, messages]) => {
    if (path === 'images') return [{ path, messages }]
    const m = /^(images|libraryImages)\.(\d+)/.exec(path)
    if (!m) return []
    const name = m[1] === 'images' ? files[Number(m[2])]?.name : picks[Number(m[2])]?.label
    return [{ path, messages: name ? messages.map((msg) => say('loras:images.problem', { name, message: msg })) : messages }]
  })
}

interface FieldsProps {
  values: LoraFormValues
  shown: ValidationDetails
  set<K extends keyof LoraFormValues>(key: K, value: LoraFormValues[K]): void
}

/** What the LoRA is called and what it learns. */
function NameFields({ values, shown, set }: FieldsProps) {
  const { t } = useTranslation()
  return (
    <>
      <Field label={t('loras:create.name')} htmlFor="lora-name" required errors={errs(shown, 'name')}>
        <TextInput id="lora-name" data-testid="lora-name" value={values.name} maxLength={120} onChange={(e) => set('name', e.target.value)} />
      </Field>
      <Field label={t('loras:create.subject')} htmlFor="lora-kind" errors={errs(shown, 'subjectKind')}>
        <Select id="lora-kind" value={values.subjectKind} onChange={(v) => set('subjectKind', v as LoraFormValues['subjectKind'])} options={SUBJECT_KINDS.map((k) => ({ value: k, label: t(`loras:subject.${k}`) }))} />
      </Field>
    </>
  )
}

/** What a person LoRA may say about its subject; all optional. */
function PersonFields({ values, shown, set }: FieldsProps) {
  const { t } = useTranslation()
  const optional = t('loras:create.optional')
  return (
    <>
      <Field label={t('loras:create.gender')} htmlFor="lora-gender" errors={errs(shown, 'gender')}>
        <TextInput id="lora-gender" value={values.gender} onChange={(e) => set('gender', e.target.value)} placeholder={optional} />
      </Field>
      <Field label={t('loras:create.ethnicity')} htmlFor="lora-ethnicity" errors={errs(shown, 'ethnicity')}>
        <TextInput id="lora-ethnicity" value={values.ethnicity} onChange={(e) => set('ethnicity', e.target.value)} placeholder={optional} />
      </Field>
      <Field label={t('loras:create.age')} htmlFor="lora-age" errors={errs(shown, 'age')}>
        <TextInput id="lora-age" value={values.age} onChange={(e) => set('age', e.target.value)} placeholder={optional} />
      </Field>
    </>
  )
}

function TrainingFields({ values, shown, set }: FieldsProps) {
  const { t } = useTranslation()
  return (
    <>
      <Field label={t('loras:create.steps')} htmlFor="lora-steps" hint={t('loras:create.stepsHint', { min: 500, max: 3000 })} errors={errs(shown, 'steps')}>
        <NumberInput id="lora-steps" integer min={500} max={3000} value={values.steps} onChange={(v) => set('steps', v)} />
      </Field>
      <Field label={t('loras:create.rank')} htmlFor="lora-rank" hint={t('loras:create.rankHint', { min: 8, max: 64 })} errors={errs(shown, 'loraRank')}>
        <NumberInput id="lora-rank" integer min={8} max={64} value={values.loraRank} onChange={(v) => set('loraRank', v)} />
      </Field>
    </>
  )
}

/** Sends the form: the service's field problems come back, or null once training has started. */
async function sendLoraForm(values: LoraFormValues, files: File[], picks: LibraryPick[]): Promise<ValidationDetails | null> {
  const images = await Promise.all(files.map(fileToInput))
  const libraryImages = picks.map((p) => ({ jobId: p.jobId, index: p.index }))
  const r = await call('loras.create', { ...loraFields(values), images, libraryImages } as RouteInput<'loras.create'>)
  if (!r.ok) {
    toast.error(r.error.message)
    return detailsOf(r.error) ?? {}
  }
  useLoras.getState().upsert(r.data)
  // The new LoRA's timeline is what to watch now; the form may have scrolled it away.
  requestAnimationFrame(() => document.querySelector(`[data-lora-id="${CSS.escape(r.data.id)}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }))
  toast.success(say('loras:create.started', { name: r.data.name }))
  return null
}

export function LoraCreateForm() {
  const { t } = useTranslation()
  const [values, setValues] = useState<LoraFormValues>(EMPTY_LORA_FORM)
  const [files, setFiles] = useState<File[]>([])
  // Gallery outputs live in the store: the gallery's selection bar adds them from another view.
  const picks = useLoras((s) => s.picks)
  const [touched, setTouched] = useState<Record<string, boolean>>({})
  const [server, setServer] = useState<ValidationDetails>({})
  const [busy, setBusy] = useState(false)

  const local = validateLoraForm(values, files.length + picks.length)
  const shown: ValidationDetails = { ...Object.fromEntries(Object.entries(local).filter(([k]) => touched[k] || touched['*'])), ...server }
  const valid = Object.keys(local).length === 0
  const imageErrors = imageErrorsOf(shown, files, picks)

  const set = <K extends keyof LoraFormValues>(key: K, value: LoraFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setTouched((t) => ({ ...t, [key]: true }))
    setServer({})
  }

  const submit = async () => {
    if (!valid) return setTouched({ '*': true })
    setBusy(true)
    try {
      const problems = await sendLoraForm(values, files, picks)
      if (problems) return setServer(problems)
      setValues(EMPTY_LORA_FORM)
      setFiles([])
      useLoras.getState().setPicks([])
      setTouched({})
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card lora-create" aria-labelledby="lora-create-title">
      <h2 className="card-title" id="lora-create-title">
        {t('loras:create.title')}
      </h2>
      <div className="param-grid">
        <NameFields values={values} shown={shown} set={set} />
        <LoraImagesField
          files={files}
          picks={picks}
          onFiles={(f) => {
            setFiles(f)
            setTouched((t) => ({ ...t, images: true }))
          }}
          onPicks={(p) => {
            useLoras.getState().setPicks(p)
            setTouched((t) => ({ ...t, images: true }))
          }}
          onAddPicks={(p) => {
            useLoras.getState().addPicks(p)
            setTouched((t) => ({ ...t, images: true }))
          }}
          errors={imageErrors}
        />
        <Field label={t('loras:create.triggerWord')} htmlFor="lora-trigger" hint={t('loras:create.triggerHint')} errors={errs(shown, 'triggerWord')}>
          <TextInput id="lora-trigger" value={values.triggerWord} onChange={(e) => set('triggerWord', e.target.value)} />
        </Field>
        {values.subjectKind === 'person' ? <PersonFields values={values} shown={shown} set={set} /> : null}
        <TrainingFields values={values} shown={shown} set={set} />
      </div>
      <div className="form-actions">
        <Button variant="primary" busy={busy} disabled={!valid} onClick={() => void submit()} data-testid="lora-create-submit">
          {t('loras:create.submit')}
        </Button>
      </div>
    </section>
  )
}
