// Inside Electron the preload's `window.api` already speaks the contract; library files
// come through the app's own protocol.
import type { AppApi } from '../../shared/contract'
import { encodeLibraryPath, type Transport } from './transport-types'

export function createIpcTransport(api: AppApi): Transport {
  return {
    kind: 'electron',
    api,
    libraryUrl: (path) => `mediagen-library://file/${encodeLibraryPath(path)}`,
    onConnection: (handler) => {
      handler('open')
      return () => {}
    }
  }
}
