// The URLs of the app's own schemes (`app://mediagen/…` for the page, `mediagen-library://
// file/…` for library files) name a file by a relative path and nothing else. Kept free of
// Electron so the parsing can be tested under plain Node.

/**
 * The relative path that `url` names under `scheme://host/`, decoded, or null: '' for the
 * root. The URL parser has already folded `..` segments; this rejects what decoding could
 * still smuggle in (`%2F..`, backslashes, NUL, drive letters), and any user, password or
 * port, so the file-system check after it is a second line, not the only one. A query
 * string and a fragment play no part in the path.
 */
export function schemePathOf(url: string, scheme: string, host: string): string | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  if (u.protocol !== `${scheme}:` || u.hostname !== host || u.username || u.password || u.port) return null
  if (u.pathname === '/' || u.pathname === '') return ''
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
  return parts.join('/')
}
