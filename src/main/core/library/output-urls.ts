// Finds every output of a job's result: the profile's shapes first (images, gridUrl,
// videos, tracks), then any other http(s) string anywhere in it, so that a live service
// whose result differs still has its outputs saved.
import type { LibraryFile } from '../../../shared/app/views'

export interface OutputRef {
  index: number
  role: LibraryFile['role']
  url: string
}

const ROLE_OF_KEY: Record<string, LibraryFile['role']> = {
  images: 'image',
  image: 'image',
  gridUrl: 'grid',
  videos: 'video',
  video: 'video',
  video_url: 'video',
  tracks: 'track',
  audio: 'track'
}

function isHttpUrl(v: unknown): v is string {
  return typeof v === 'string' && /^https?:\/\/\S+$/i.test(v)
}

export function findOutputs(result: unknown): OutputRef[] {
  const found: OutputRef[] = []
  const seen = new Set<string>()
  const add = (url: string, role: LibraryFile['role']) => {
    if (seen.has(url)) return
    seen.add(url)
    found.push({ index: found.length, role, url })
  }
  const walk = (value: unknown, role: LibraryFile['role'], depth: number) => {
    if (depth > 8) return
    if (isHttpUrl(value)) add(value, role)
    else if (Array.isArray(value)) for (const v of value) walk(v, role, depth + 1)
    else if (value && typeof value === 'object') {
      // Known keys first so their order (images before grid) decides the indexes.
      const entries = Object.entries(value as Record<string, unknown>)
      entries.sort(([a], [b]) => Number(!(a in ROLE_OF_KEY)) - Number(!(b in ROLE_OF_KEY)))
      for (const [k, v] of entries) walk(v, ROLE_OF_KEY[k] ?? role, depth + 1)
    }
  }
  walk(result, 'other', 0)
  return found
}
