// The size, in megapixels, of an image the page can display (an upload's preview or a
// library file), read by decoding it. U1 is priced on its input's real size.
import { useEffect, useState } from 'react'

export function useImageMegapixels(src: string | null): number | undefined {
  const [measured, setMeasured] = useState<{ src: string; megapixels: number } | null>(null)
  useEffect(() => {
    if (!src) return
    const img = new Image()
    img.onload = () => {
      if (img.naturalWidth > 0) setMeasured({ src, megapixels: (img.naturalWidth * img.naturalHeight) / 1_000_000 })
    }
    img.src = src
    return () => {
      img.onload = null
    }
  }, [src])
  return measured && measured.src === src ? measured.megapixels : undefined
}
