// Picks the transport once at start: Electron's preload bridge when present, otherwise
// HTTP to the host that served this page (which needs the token from the URL).
import { takeHostToken, takeNewTokenWhenPasted } from './host-token'
import { createHttpTransport, type HttpTransportOptions } from './http-transport'
import { createIpcTransport } from './ipc-transport'
import type { Transport } from './transport-types'

export type TransportSetup = { ok: true; transport: Transport } | { ok: false; reason: 'no-token' }

let current: Transport | null = null

/** Picks and makes the transport; `http` applies to the HTTP one (Electron's answers at once anyway). */
export function setupTransport(http: HttpTransportOptions = {}): TransportSetup {
  if (current) return { ok: true, transport: current }
  if (window.api) {
    current = createIpcTransport(window.api)
    return { ok: true, transport: current }
  }
  const token = takeHostToken()
  if (!token) return { ok: false, reason: 'no-token' }
  takeNewTokenWhenPasted()
  current = createHttpTransport(token, http)
  return { ok: true, transport: current }
}

export function transport(): Transport {
  if (!current) throw new Error('The transport is not set up yet')
  return current
}

/** The URL the page loads a library file from (relative path inside the library). */
export function libraryUrl(path: string): string {
  return transport().libraryUrl(path)
}
