// Tools: edit, upscale and background removal, with a big image drop zone and the same
// generated forms as Create.
import { useEffect } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
import { useApp } from '../../stores/app'
import { toast } from '../../stores/toasts'
import { useDrafts } from '../../stores/drafts'
import { useUploads } from '../../stores/uploads'
import { Tabs } from '../../ui/Tabs'
import { RecentStrip } from '../../components/media/RecentStrip'
import { previewOf } from '../../components/inputs/uploading'
import { fieldErrors } from '../../components/composer/ParamsForm'
import { ParamField } from '../../components/composer/ParamField'
import { SubmitPanel } from '../../components/submit/SubmitPanel'
import { shortfall } from '../../components/submit/shortfall'
import { submitDraft } from '../../components/submit/submit-draft'
import { useComposer, type Composer } from '../../components/composer/use-composer'
import { useEstimate } from '../../components/submit/use-estimate'
import { useImageMegapixels } from './use-image-megapixels'
import { useSubmitter } from '../../components/submit/use-submitter'
import { ResultsArea } from '../../components/results/ResultsArea'
import { ComposerFields } from '../../components/composer/ComposerFields'
import { MaskPainter } from '../../components/mask/MaskPainter'
import { withPaintedMask } from './painted-mask'
import { OutpaintPreview } from './OutpaintPreview'
import { SourceDrop } from './SourceDrop'
import { irrelevantParams, outpaintModeOf, sideInputs, toolOfModel, TOOLS, type ToolDef, type ToolId } from '../../components/actions/tool-defs'

const TOOL_JOB_KINDS = ['edit', 'upscale', 'background'] as const

/**
 * A value the form no longer shows (outpaint direction after switching to inpaint) must
 * not be sent either: it is taken out of the draft.
 */
function useDropIrrelevant(irrelevant: readonly string[], params: Record<string, unknown>, fields: readonly { key: string; path: string }[]): void {
  useEffect(() => {
    for (const key of irrelevant) {
      const spec = fields.find((f) => f.key === key)
      if (spec && params[key] !== undefined) useDrafts.getState().setParam('tools', key, undefined, spec.path)
    }
  }, [irrelevant, params, fields])
}

/** Sends the tool's request; an edit takes the mask painted right now, uploaded as it is at this moment. */
async function sendTool(toolId: ToolId, composer: Composer): Promise<boolean> {
  if (toolId !== 'edit') return submitDraft(composer)
  const masked = await withPaintedMask(composer)
  if (!masked.ok) {
    toast.error(masked.message)
    return false
  }
  return submitDraft(masked.composer)
}

/** Starts a tool on its default model with its presets. */
function openTool(def: ToolDef): void {
  useDrafts.getState().setModel('tools', def.defaultModel, 'image', { params: def.defaultParams })
}

export function ToolsView() {
  const { t } = useTranslation()
  const modelId = useDrafts((s) => s.drafts.tools.modelId)
  const tool = toolOfModel(modelId)
  const composer = useComposer('tools', tool.kinds, 'image', false)
  // The input's real size prices an upscale (the service measures it the same way).
  const inputPreview = useUploads((s) => (typeof composer.draft.params.image === 'string' ? previewOf(s.byUrl[composer.draft.params.image]) : null))
  const estimate = useEstimate(composer.body, composer.valid, 'jobs.estimate', useImageMegapixels(inputPreview))
  const credits = useApp((s) => s.credits)
  // Ctrl/Cmd+Enter must not send what the disabled button would not.
  const short = shortfall(estimate, credits) !== null
  const { busy, submit } = useSubmitter(async () => (short ? false : sendTool(tool.id, composer)))
  const params = composer.draft.params
  const irrelevant = irrelevantParams(tool.id, params)
  const side = sideInputs(tool.id)
  const imageUrl = typeof params.image === 'string' ? params.image : null
  const imageSpec = composer.fields.find((f) => f.key === 'image')

  useDropIrrelevant(irrelevant, params, composer.fields)

  const chooseTool = (id: ToolId) => {
    const def = TOOLS.find((t) => t.id === id)
    if (def && def.id !== tool.id) openTool(def)
  }
  // First visit: start the default tool with its presets.
  useEffect(() => {
    if (useDrafts.getState().drafts.tools.modelId === null) openTool(toolOfModel(null))
  }, [])

  return (
    <div className="view-inner">
      <header className="view-head">
        <div>
          <h1 className="view-title">{t('tools:view.title')}</h1>
          <p className="view-sub">{t(`tools:view.tools.${tool.id}.description`)}</p>
        </div>
        <Tabs label={t('tools:view.tab')} value={tool.id} onChange={chooseTool} options={TOOLS.map((d) => ({ value: d.id, label: t(`tools:view.tools.${d.id}.label`), testId: `tool-${d.id}` }))} />
      </header>
      <div className="tool-layout">
        <section className="card tool-inputs" aria-label={t('tools:view.image')}>
          {side.map((key) => {
            const spec = composer.fields.find((f) => f.key === key)
            if (!spec) return null
            return (
              <ParamField
                key={key}
                spec={spec}
                idPrefix="tools"
                value={params[key]}
                errors={fieldErrors(composer.visibleDetails, spec.path)}
                onChange={(v) => useDrafts.getState().setParam('tools', key, v, spec.path)}
                size={key === 'image' && !(tool.id === 'edit' && imageUrl && inputPreview) ? 'lg' : 'md'}
              />
            )
          })}
          {tool.id === 'edit' && imageUrl && inputPreview ? (
            <SourceDrop path={imageSpec?.path ?? 'image'} onReplace={(url) => imageSpec && useDrafts.getState().setParam('tools', 'image', url, imageSpec.path)}>
              {params.mode === 'outpaint' ? <OutpaintPreview src={inputPreview} mode={outpaintModeOf(params.outpaint)} /> : <MaskPainter key={imageUrl} imageUrl={imageUrl} src={inputPreview} maskFile={typeof params.mask === 'string' ? params.mask : null} />}
            </SourceDrop>
          ) : null}
        </section>
        <section className="card composer" aria-label={t('tools:view.settings')}>
          <ComposerFields composer={composer} hidden={[...side, ...irrelevant]} showModelPicker={tool.id !== 'edit'} />
        </section>
        <aside className="workspace-side">
          <SubmitPanel estimate={estimate} valid={composer.valid} details={composer.details} shownProblems={Object.keys(composer.visibleDetails).length > 0} busy={busy} onSubmit={submit} label={t(`tools:view.tools.${tool.id}.submit`)} />
          <ResultsArea kinds={TOOL_JOB_KINDS} />
          <RecentStrip modality="image" />
        </aside>
      </div>
    </div>
  )
}
