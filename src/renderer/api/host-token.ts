// The Node host hands the page its access token in the URL fragment (`#token=...`), which
// never reaches a server log. It is read once, kept for the tab's lifetime in
// sessionStorage (so a reload still works), and removed from the visible URL so it is not
// shared by copying the address.
const STORAGE_KEY = 'mediagen.hostToken'

export function takeHostToken(): string | null {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''))
  const fromUrl = fragment.get('token')
  if (fromUrl) {
    sessionStorage.setItem(STORAGE_KEY, fromUrl)
    fragment.delete('token')
    const rest = fragment.toString()
    const clean = window.location.pathname + window.location.search + (rest ? `#${rest}` : '')
    window.history.replaceState(window.history.state, '', clean)
    return fromUrl
  }
  return sessionStorage.getItem(STORAGE_KEY)
}

/**
 * A host address pasted into a tab that is already open on it changes only the fragment,
 * which reloads nothing: the page would go on with the old token. A new token in the
 * fragment is taken and the page loaded again with it (same origin, so nothing the
 * browser stored for the page is lost).
 */
export function takeNewTokenWhenPasted(): () => void {
  const onHashChange = () => {
    const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token')
    if (!token || token === sessionStorage.getItem(STORAGE_KEY)) return
    takeHostToken()
    window.location.reload()
  }
  window.addEventListener('hashchange', onHashChange)
  return () => window.removeEventListener('hashchange', onHashChange)
}
