// Where an outpaint will grow the image: the picture placed on the larger canvas, with
// the margin the model will fill hatched, and the size and aspect that result.
import { useState } from 'react'
import { aspectLabel, outpaintLayout, type OutpaintMode } from '../../components/actions/outpaint-geometry'

export function OutpaintPreview({ src, mode }: { src: string; mode: OutpaintMode | undefined }) {
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null)
  const layout = natural && mode ? outpaintLayout(mode, natural) : null
  const pct = (v: number, of: number) => `${(v / of) * 100}%`
  return (
    <section className="outpaint-preview" aria-label="Outpaint preview" data-testid="outpaint-preview">
      {/* Loaded once to learn the image's size; the preview below uses the same URL. */}
      <img src={src} alt="" hidden onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })} />
      {layout && natural ? (
        <>
          <div className="outpaint-canvas" style={{ aspectRatio: `${layout.width} / ${layout.height}`, width: `min(100%, calc(50vh * ${layout.width / layout.height}))` }}>
            <img
              src={src}
              alt="The input placed on the extended canvas"
              className="outpaint-image"
              style={{ left: pct(layout.left, layout.width), top: pct(layout.top, layout.height), width: pct(natural.width, layout.width), height: pct(natural.height, layout.height) }}
            />
          </div>
          <p className="mask-hint" data-testid="outpaint-result">
            {mode}: {natural.width}×{natural.height} → about {Math.round(layout.width)}×{Math.round(layout.height)} ({aspectLabel(layout.width, layout.height)}). The hatched margin is generated.
          </p>
        </>
      ) : (
        <p className="mask-hint">{mode ? 'Loading the image…' : 'Choose how to extend the image to see the new canvas.'}</p>
      )}
    </section>
  )
}
