// Where an outpaint will grow the image: the picture placed on the larger canvas, with
// the margin the model will fill hatched, and the size and aspect that result.
import { useState } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
import { aspectLabel, outpaintLayout, type OutpaintMode } from '../../components/actions/outpaint-geometry'

/** Each of the service's outpaint modes by its name in the page's language. */
const MODE_KEYS = {
  'Zoom out 1.5x': 'tools:view.outpaint.modes.zoom15',
  'Zoom out 2x': 'tools:view.outpaint.modes.zoom2',
  'Make square': 'tools:view.outpaint.modes.square',
  'Left outpaint': 'tools:view.outpaint.modes.left',
  'Right outpaint': 'tools:view.outpaint.modes.right',
  'Top outpaint': 'tools:view.outpaint.modes.top',
  'Bottom outpaint': 'tools:view.outpaint.modes.bottom'
} as const satisfies Record<OutpaintMode, string>

export function OutpaintPreview({ src, mode }: { src: string; mode: OutpaintMode | undefined }) {
  const { t } = useTranslation()
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null)
  const layout = natural && mode ? outpaintLayout(mode, natural) : null
  const pct = (v: number, of: number) => `${(v / of) * 100}%`
  return (
    <section className="outpaint-preview" aria-label={t('tools:view.outpaint.label')} data-testid="outpaint-preview">
      {/* Loaded once to learn the image's size; the preview below uses the same URL. */}
      <img src={src} alt="" hidden onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })} />
      {layout && natural && mode ? (
        <>
          <div className="outpaint-canvas" style={{ aspectRatio: `${layout.width} / ${layout.height}`, width: `min(100%, calc(50vh * ${layout.width / layout.height}))` }}>
            <img
              src={src}
              alt={t('tools:view.outpaint.alt')}
              className="outpaint-image"
              style={{ left: pct(layout.left, layout.width), top: pct(layout.top, layout.height), width: pct(natural.width, layout.width), height: pct(natural.height, layout.height) }}
            />
          </div>
          <p className="mask-hint" data-testid="outpaint-result">
            {t('tools:view.outpaint.result', {
              mode: t(MODE_KEYS[mode]),
              width: natural.width,
              height: natural.height,
              newWidth: Math.round(layout.width),
              newHeight: Math.round(layout.height),
              aspect: aspectLabel(layout.width, layout.height)
            })}
          </p>
        </>
      ) : (
        <p className="mask-hint">{t(mode ? 'tools:view.outpaint.loading' : 'tools:view.outpaint.choose')}</p>
      )}
    </section>
  )
}
