// The browser keeps a page's storage (drafts, the last model, the view, matrix runs, the
// upload cache) per origin, and the host's origin is its port. So the host comes back on
// the port it had last time for this data folder: a new port each start would be a new,
// empty page. The port is kept in `host.json` in the data folder.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { errorCode, writeFileAtomic } from '../core/fs/atomic-write'
import { startHost, type Host, type HostOptions } from './host'

const FILE_NAME = 'host.json'
const rememberedSchema = z.object({ port: z.number().int().min(1).max(65535) })

type Remembered = { port: number } | { port: null; note: string | null }

async function readRemembered(dataDir: string): Promise<Remembered> {
  const path = join(dataDir, FILE_NAME)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return { port: null, note: null }
    return { port: null, note: `Could not read ${path} (${errorCode(err) ?? String(err)}); the host picked a new port.` }
  }
  try {
    return { port: rememberedSchema.parse(JSON.parse(text)).port }
  } catch {
    return { port: null, note: `${path} is damaged; the host picked a new port and wrote it again.` }
  }
}

const PORT_UNAVAILABLE = new Set(['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL'])

export interface RememberedHost {
  host: Host
  /** What the user should know about the address: a new port, a damaged file. Null when all is as before. */
  note: string | null
}

/**
 * Starts the host on `port` when one is asked for, else on the port remembered for this
 * data folder, else on a free one; and remembers the port it got. A remembered port
 * another program now holds gives way to a free one, and the note says what that means.
 */
export async function startHostOnRememberedPort(dataDir: string, opts: HostOptions): Promise<RememberedHost> {
  const remembered = opts.port ? null : await readRemembered(dataDir)
  let note = remembered && remembered.port === null ? remembered.note : null
  let host: Host | null = null
  if (remembered?.port) {
    try {
      host = await startHost({ ...opts, port: remembered.port })
    } catch (err) {
      if (!PORT_UNAVAILABLE.has(errorCode(err) ?? '')) throw err
      note = `Port ${remembered.port}, used last time, is taken by another program, so the app has a new address: the page there starts without the drafts and settings the browser kept for the old one.`
    }
  }
  host ??= await startHost(opts)
  const port = Number(new URL(host.url).port)
  if (port !== remembered?.port) await writeFileAtomic(join(dataDir, FILE_NAME), `${JSON.stringify({ port })}\n`)
  return { host, note }
}
