// Reads a multipart/form-data request as it streams: text fields, and for each file
// its first bytes (to judge its type), its size, and optionally its bytes spooled to a
// file. A file over the size limit stops the parse at once (the caller answers 413
// without reading the rest), and its spool file is closed before the caller hears of it.
import { createWriteStream, type WriteStream } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { pipeline } from 'node:stream/promises'
import busboy from 'busboy'
import { SNIFF_BYTES } from '../shared/media/sniff'
import { invalid } from './http'

export interface MultipartFile {
  field: string
  filename: string
  /** The first bytes of the file, enough to sniff its type. */
  head: Buffer
  size: number
  /** Where its bytes were written, when the caller asked for it. */
  spooledPath: string | null
}

export interface MultipartResult {
  fields: Record<string, string>
  files: MultipartFile[]
  /** A file exceeded `maxFileBytes`; the parse stopped there. */
  tooLarge: boolean
  /** More than `maxFiles` files were sent; the extra ones were skipped. */
  tooManyFiles: boolean
}

export interface MultipartOptions {
  maxFileBytes: number
  maxFiles: number
  /** A path to write the file's bytes to, or null to keep only its head. */
  spoolTo: (field: string, index: number) => string | null
}

export function readMultipart(req: IncomingMessage, options: MultipartOptions): Promise<MultipartResult> {
  const type = req.headers['content-type'] ?? ''
  if (!/^multipart\/form-data/i.test(type)) {
    return Promise.reject(invalid({ $: ['Expected a multipart/form-data body'] }))
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: options.maxFileBytes, files: options.maxFiles, fields: 50, fieldSize: 64 * 1024 }
      })
    } catch (err) {
      reject(invalid({ $: [`Malformed multipart body: ${(err as Error).message}`] }))
      return
    }
    const fields: Record<string, string> = {}
    const files: MultipartFile[] = []
    const spools: WriteStream[] = []
    const writes: Array<Promise<void>> = []
    let tooManyFiles = false
    let settled = false
    // Every way out closes the spool files first: the caller deletes them next, and an
    // open handle on a deleted file keeps its bytes on disk until the process exits.
    const settle = (fn: () => void, abandon: boolean) => {
      if (settled) return
      settled = true
      const closing = abandon ? spools.map(closeSpool) : []
      void Promise.all(closing).then(fn)
    }

    parser.on('file', (field, stream, info) => {
      const entry: MultipartFile = { field, filename: info.filename ?? '', head: Buffer.alloc(0), size: 0, spooledPath: null }
      files.push(entry)
      stream.on('data', (chunk: Buffer) => {
        if (entry.head.length < SNIFF_BYTES) entry.head = Buffer.concat([entry.head, chunk]).subarray(0, SNIFF_BYTES)
        entry.size += chunk.length
      })
      stream.on('limit', () => {
        // Stop reading now: the answer is 413 whatever follows.
        req.unpipe(parser)
        stream.resume()
        settle(() => resolve({ fields, files, tooLarge: true, tooManyFiles }), true)
      })
      const path = options.spoolTo(field, files.length - 1)
      if (path === null) {
        stream.resume()
        return
      }
      entry.spooledPath = path
      const spool = createWriteStream(path)
      spools.push(spool)
      // A spool closed on the way out fails its pipeline; that outcome is already decided.
      const write = pipeline(stream, spool)
      write.catch(() => undefined)
      writes.push(write)
    })
    parser.on('field', (name, value) => {
      fields[name] = value
    })
    parser.on('filesLimit', () => {
      tooManyFiles = true
    })
    parser.on('error', (err: Error) => settle(() => reject(invalid({ $: [`Malformed multipart body: ${err.message}`] })), true))
    parser.on('close', () => {
      Promise.all(writes).then(
        () => settle(() => resolve({ fields, files, tooLarge: false, tooManyFiles }), false),
        (err: unknown) => settle(() => reject(err), true)
      )
    })
    req.on('error', (err) => settle(() => reject(err), true))
    req.pipe(parser)
  })
}

/** Destroys a spool file's stream and resolves once its handle is closed. */
function closeSpool(spool: WriteStream): Promise<void> {
  if (spool.closed) return Promise.resolve()
  return new Promise((resolve) => {
    spool.once('close', () => resolve())
    spool.destroy()
  })
}
