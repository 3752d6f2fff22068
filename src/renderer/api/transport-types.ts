import type { AppApi } from '../../shared/contract'

export type TransportKind = 'electron' | 'http'
/**
 * `rejected`: the host no longer takes this tab's token (it was restarted, and a token
 * lasts one run of the host); the tab needs the address the host printed this time.
 */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'rejected'

/** The contract plus what differs between Electron and the browser. */
export interface Transport {
  kind: TransportKind
  api: AppApi
  /** Where the page loads a library file (relative path inside the library folder). */
  libraryUrl(path: string): string
  /** Live-event connection state; Electron IPC is always open. */
  onConnection(handler: (state: ConnectionState) => void): () => void
}

/** Library paths are relative and may come from Windows; URLs want `/` and escaping. */
export function encodeLibraryPath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .split('/')
    .filter((part) => part !== '' && part !== '.' && part !== '..')
    .map(encodeURIComponent)
    .join('/')
}
