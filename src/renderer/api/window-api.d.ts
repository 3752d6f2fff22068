// The preload exposes the contract as `window.api` inside Electron; a browser page has none.
import type { AppApi } from '../../shared/contract'

declare global {
  interface Window {
    api?: AppApi
  }
}

export {}
