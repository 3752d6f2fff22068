// The size, in megapixels, of an image the page can display (an upload's preview or a
// library file), read by decoding it. U1 is priced on its input's real size, counted as
// the service counts megapixels.
import { useEffect, useState } from 'react'
import { megapixelsOf } from '../../../shared/api'

export function useImageMegapixels(src: string | null): number | undefined {
  const [measured, setMeasured] = useState<{ src: string; megapixels: number } | null>(null)
  useEffect(() => {
    if (!src) return
    const img = new Image()
    img.onload = () => {
      if (img.naturalWidth > 0) setMeasured({ src, megapixels: megapixelsOf(img.naturalWidth, img.naturalHeight) })
    }
    img.src = src
    return () => {
      img.onload = null
    }
  }, [src])
  return measured && measured.src === src ? measured.megapixels : undefined
}
