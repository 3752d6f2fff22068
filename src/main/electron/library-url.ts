// The library protocol's URLs: `mediagen-library://file/<relative path>`. Kept free of
// Electron so the parsing can be tested under plain Node.
export const LIBRARY_SCHEME = 'mediagen-library'
const LIBRARY_HOST = 'file'

/**
 * The library-relative path a URL names, or null. The URL parser has already folded `..`
 * segments; this rejects what decoding could still smuggle in (`%2F..`, backslashes, NUL,
 * drive letters) so the engine's own check is a second line, not the only one. A query
 * string plays no part in the path.
 */
export function relativePathOf(url: string): string | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  if (u.protocol !== `${LIBRARY_SCHEME}:` || u.hostname !== LIBRARY_HOST || u.username || u.password || u.port) return null
  const parts: string[] = []
  for (const raw of u.pathname.split('/').slice(1)) {
    let part: string
    try {
      part = decodeURIComponent(raw)
    } catch {
      return null
    }
    if (!part || part === '.' || part === '..' || /[/\\\0:]/.test(part)) return null
    parts.push(part)
  }
  return parts.length > 0 ? parts.join('/') : null
}
