// Before an inpaint is sent, the mask painted at that moment is uploaded into the `mask`
// parameter (once per version of the painting), so an edit never goes out with a mask
// from before the last stroke, undo or clear.
import { buildBody } from '../../forms/request-body'
import { t } from '../../i18n/page-i18n'
import { useDrafts } from '../../stores/drafts'
import { useUploads } from '../../stores/uploads'
import { uploadFile } from '../../components/inputs/uploading'
import type { Composer } from '../../components/composer/use-composer'
import { isBlank } from '../../components/mask/mask-history'
import { maskPng, naturalSize } from '../../components/mask/mask-png'
import { useMask } from '../../components/mask/mask-store'

export type MaskOutcome = { ok: true; composer: Composer } | { ok: false; message: string }

function withParam(c: Composer, key: string, value: string | undefined): Composer {
  const params = { ...c.draft.params, [key]: value }
  return { ...c, draft: { ...c.draft, params }, body: c.model ? buildBody(c.model, c.draft.prompt, params) : c.body }
}

export async function withPaintedMask(c: Composer): Promise<MaskOutcome> {
  const params = c.draft.params
  const field = c.fields.find((f) => f.key === 'mask')
  const image = typeof params.image === 'string' ? params.image : null
  const mask = useMask.getState()
  if (!field || params.mode !== 'inpaint' || !image || mask.imageUrl !== image) return { ok: true, composer: c }
  const setMask = (url: string | undefined) => {
    useDrafts.getState().setParam(c.draftId, field.key, url, field.path)
    return { ok: true as const, composer: withParam(c, field.key, url) }
  }
  const last = mask.uploaded
  const ownUpload = last !== null && params.mask === last.url
  if (isBlank(mask.history.done)) {
    // Painted, then cleared or undone: the earlier painted mask no longer stands. A mask
    // file the user chose is left alone.
    return ownUpload ? setMask(undefined) : { ok: true, composer: c }
  }
  if (ownUpload && last.imageUrl === image && last.revision === mask.revision) return { ok: true, composer: c }

  const revision = mask.revision
  const preview = useUploads.getState().byUrl[image]?.preview
  try {
    if (!preview) throw new Error(t('tools:view.maskNotLoaded'))
    const file = await maskPng(mask.history.done, await naturalSize(preview))
    const up = await uploadFile(file, field.path)
    if (!up.ok) return { ok: false, message: t('tools:view.maskUploadFailed', { reason: up.message }) }
    useMask.getState().setUploaded({ imageUrl: image, revision, url: up.ref.url })
    return setMask(up.ref.url)
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) }
  }
}
