// Runs the built preload (one CommonJS file) in a fresh V8 context, as Electron's sandbox
// does: it may require only 'electron', whose contextBridge and ipcRenderer are stood in
// for here. Returns what it exposed to the page.
import { runInNewContext } from 'node:vm'

type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>
type Send = (channel: string, ...args: unknown[]) => void
/** Given each listener the preload puts on a channel, to deliver what main sends on it. */
type Listen = (channel: string, listener: (...args: unknown[]) => void) => void

export function runPreload(code: string, invoke: Invoke, send: Send = () => undefined, listen: Listen = () => undefined): Record<string, unknown> {
  const exposed: Record<string, unknown> = {}
  const electron = {
    contextBridge: { exposeInMainWorld: (name: string, api: unknown) => void (exposed[name] = api) },
    ipcRenderer: { invoke, on: listen, send }
  }
  const require = (name: string) => {
    if (name !== 'electron') throw new Error(`A sandboxed preload cannot require '${name}'`)
    return electron
  }
  const module = { exports: {} }
  runInNewContext(code, { require, module, exports: module.exports, console }, { filename: 'preload/index.cjs' })
  return exposed
}
