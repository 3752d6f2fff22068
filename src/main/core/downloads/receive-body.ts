// Streams one response body into the .part: checks the type from the first
// bytes before anything touches the disk, writes the rest without ever
// holding more than a few chunks, and on failure leaves the part (and its
// sidecar) ready for a resume.
import { dirname } from 'node:path'
import type { Readable } from 'node:stream'
import { consumeBody } from './consume-body'
import type { DownloadFileOptions, DownloadResult } from './download-types'
import { DownloadError, ioError, networkError } from './errors'
import { realDownloadFs } from './download-fs'
import { MEDIA_SNIFF_BYTES, judgeType } from './media-type'
import type { PartPaths, PartState, ResumePoint } from './part-state'
import { discardPart } from './part-state'
import { PartWriter } from './part-writer'

export interface BodyTarget {
  options: DownloadFileOptions
  paths: PartPaths
  /** Full size of the file when the server announced it. */
  total: number | null
  contentType: string | undefined
  /** The saved prefix this body continues, or null for a body from byte 0. */
  resumed: ResumePoint | null
  /** Sidecar for this body; `durable` is where its bytes start. */
  state: PartState
}

export async function receiveBody(body: Readable, target: BodyTarget): Promise<DownloadResult> {
  const { options, paths, total, resumed, state } = target
  const { url, signal, maxBytes, onProgress, expectedKinds } = options
  const offset = state.durable
  let mime: string | null = null
  let writer: PartWriter | null = null
  // A fresh body is held back until its first bytes pass the type check, so
  // an error page never reaches the disk nor replaces an older good part.
  let held: Buffer[] | null = null
  let heldBytes = 0
  let received = offset

  const openWithHeld = async (): Promise<void> => {
    const chunks = held ?? []
    held = null
    const verdict = judgeType(Buffer.concat(chunks).subarray(0, MEDIA_SNIFF_BYTES), expectedKinds)
    if (!verdict.ok) {
      const wanted = expectedKinds?.join('/') ?? 'media'
      throw new DownloadError('bad_type', `${url} is not ${wanted}: found ${verdict.found}`, { retryable: true })
    }
    mime = verdict.mime
    const opened = await openPart(target)
    writer = opened
    for (const chunk of chunks) await append(opened, chunk)
  }

  const onChunk = (chunk: Buffer): Promise<void> | undefined => {
    received += chunk.length
    if (maxBytes !== undefined && received > maxBytes) {
      throw new DownloadError('too_large', `${url} exceeded the ${maxBytes} byte limit`, { retryable: false })
    }
    let pending: Promise<void> | undefined
    if (held !== null) {
      held.push(chunk)
      heldBytes += chunk.length
      if (heldBytes >= MEDIA_SNIFF_BYTES) pending = openWithHeld()
    } else if (writer !== null) {
      pending = append(writer, chunk)
    }
    onProgress?.({ received, total })
    return pending
  }

  try {
    if (resumed !== null) {
      const verdict = judgeType(resumed.head, expectedKinds)
      mime = verdict.ok ? verdict.mime : null
      writer = await openPart(target)
    } else {
      held = []
    }
    try {
      await consumeBody(body, onChunk)
    } catch (err) {
      if (err instanceof DownloadError) throw err
      // A connection that dies before the announced length is a truncation:
      // worth a retry, and the bytes so far are kept for it.
      if (total !== null && received < total && signal?.aborted !== true) {
        throw new DownloadError('truncated', `${url} broke off after ${received} of ${total} bytes`, { retryable: true, cause: err })
      }
      throw networkError(err, signal)
    }
    // Bodies shorter than the sniff window end while still held.
    if (held !== null) await openWithHeld()
    if (total !== null && received !== total) {
      throw new DownloadError('truncated', `${url} sent ${received} of ${total} bytes`, { retryable: true })
    }
    const done: PartWriter | null = writer
    if (done === null) throw new DownloadError('truncated', `${url} sent nothing`, { retryable: true })
    writer = null
    const sha256 = await finishPart(done, paths)
    return { bytes: received, sha256, mime: mime ?? target.contentType ?? 'application/octet-stream', resumedFrom: offset }
  } catch (err) {
    await settleFailure(writer, paths, err)
    throw err
  }
}

/** The complete part's digest. Bytes that fail the announced digest cannot be resumed: the part starts over. */
async function finishPart(done: PartWriter, paths: PartPaths): Promise<string> {
  try {
    return await done.finish()
  } catch (err) {
    if (err instanceof DownloadError && err.code === 'verification') await discardPart(paths).catch(() => undefined)
    throw ioError(err)
  }
}

const DEFAULT_RESERVE_BYTES = 16 << 20

// Checks the disk has room for the rest of the file (plus a reserve, so the
// journal and library entries can still be written) before touching it: a
// download that would fill the disk fails at once with 'disk_full', and the
// queue waits for space instead of writing until ENOSPC.
async function openPart(target: BodyTarget): Promise<PartWriter> {
  const { paths, state, total, options } = target
  const fs = options.fs ?? realDownloadFs
  try {
    if (total !== null) {
      const needed = total - state.durable + (options.reserveBytes ?? DEFAULT_RESERVE_BYTES)
      const free = await fs.freeBytes(dirname(paths.part))
      if (free < needed) {
        throw new DownloadError('disk_full', `the disk is full: ${mib(needed)} needed, ${mib(free)} free`, { retryable: true, neededBytes: needed })
      }
    }
    return await PartWriter.open(paths, state, options.checkpoint, fs)
  } catch (err) {
    throw ioError(err)
  }
}

function mib(bytes: number): string {
  return `${Math.max(0, bytes / (1 << 20)).toFixed(1)} MiB`
}

function append(writer: PartWriter, chunk: Buffer): Promise<void> | undefined {
  try {
    return writer.append(chunk)?.catch((err: unknown) => {
      throw ioError(err)
    })
  } catch (err) {
    throw ioError(err)
  }
}

// Keeps what was received for a resume, unless the bytes are useless (over
// the size limit). Without a writer nothing was written and any older part
// stays as it was.
async function settleFailure(writer: PartWriter | null, paths: PartPaths, err: unknown): Promise<void> {
  if (writer === null) return
  try {
    if (err instanceof DownloadError && err.code === 'too_large') {
      await writer.close()
      await discardPart(paths)
    } else {
      await writer.suspend()
    }
  } catch {
    // The last checkpoint in the sidecar still describes a safe prefix.
  }
}
