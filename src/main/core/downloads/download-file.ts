// Downloads one file to disk so that it is either complete and verified at
// `dest`, or resumable from `dest.part`; never half-written at `dest`.
import { mkdir } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { getGlobalDispatcher, interceptors, request } from 'undici'
import type { Dispatcher } from 'undici'
import type { DownloadFs } from './download-fs'
import type { DownloadFileOptions, DownloadResult } from './download-types'
import { DownloadError, ioError, networkError } from './errors'
import { existingDownload } from './existing'
import { judgeType } from './media-type'
import type { MediaKind } from './media-type'
import { discardPart, loadResumePoint, partPaths } from './part-state'
import type { PartPaths, ResumePoint } from './part-state'
import { PartWriter } from './part-writer'
import { receiveBody } from './receive-body'
import { header, ifRangeFor, planResponse } from './response-plan'

// How much of the body may wait in memory while the disk catches up: enough
// for the socket to keep reading during a write batch, small enough that
// memory stays flat whatever the file size.
export const DEFAULT_HIGH_WATER_MARK = 1 << 20
const DEFAULT_TIMEOUT_MS = 60_000

// One owner per destination in this process: a second download of the same
// file waits for the first to settle, then finds its result on disk (or its
// part to resume). Two writers into one .part would interleave their bytes.
// Across processes, the engine's lock on its data folder gives the same.
const owners = new Map<string, Promise<unknown>>()

export async function downloadFile(options: DownloadFileOptions): Promise<DownloadResult> {
  if (options.signal?.aborted) throw networkError(options.signal.reason, options.signal)
  const key = resolve(options.dest)
  for (let current = owners.get(key); current !== undefined; current = owners.get(key)) {
    await current.catch(() => undefined)
  }
  if (options.signal?.aborted) throw networkError(options.signal.reason, options.signal)
  const run = download(options)
  owners.set(key, run)
  try {
    return await run
  } finally {
    if (owners.get(key) === run) owners.delete(key)
  }
}

async function download(options: DownloadFileOptions): Promise<DownloadResult> {
  const { dest, signal, expectedKinds } = options
  const paths = partPaths(dest)
  let resume: ResumePoint | null
  try {
    await mkdir(dirname(dest), { recursive: true })
    if (options.overwrite !== true) {
      const existing = await existingDownload(paths, expectedKinds)
      if (existing !== null) return existing
    }
    resume = await loadResumePoint(paths)
    // A part whose head is not the expected media cannot be continued.
    if (resume !== null && !judgeType(resume.head, expectedKinds).ok) {
      await discardPart(paths)
      resume = null
    }
  } catch (err) {
    throw signal?.aborted ? networkError(err, signal) : ioError(err)
  }
  if (resume !== null && resume.state.total === resume.offset) return finishComplete(paths, resume, expectedKinds, options.fs)
  const first = await attemptOnce(options, paths, resume)
  if (first !== 'restart') return first
  try {
    await discardPart(paths)
  } catch (err) {
    throw ioError(err)
  }
  // The second request carries no Range, so it cannot ask for another restart.
  const second = await attemptOnce(options, paths, null)
  if (second === 'restart') throw new DownloadError('network', `${options.url} could not be resumed`, { retryable: true })
  return second
}

// A crash came after the last byte but before the rename: nothing to fetch.
async function finishComplete(paths: PartPaths, resume: ResumePoint, kinds?: readonly MediaKind[], fs?: DownloadFs): Promise<DownloadResult> {
  const verdict = judgeType(resume.head, kinds)
  let sha256: string
  try {
    const writer = await PartWriter.open(paths, resume.state, {}, fs)
    sha256 = await writer.finish()
  } catch (err) {
    // A complete part that fails its digest is useless: the next try starts over.
    if (err instanceof DownloadError && err.code === 'verification') await discardPart(paths).catch(() => undefined)
    throw ioError(err)
  }
  return {
    bytes: resume.offset,
    sha256,
    mime: (verdict.ok ? verdict.mime : null) ?? 'application/octet-stream',
    resumedFrom: resume.offset
  }
}

async function attemptOnce(options: DownloadFileOptions, paths: PartPaths, resume: ResumePoint | null): Promise<DownloadResult | 'restart'> {
  const { url, signal } = options
  const headers: Record<string, string> = { 'accept-encoding': 'identity', ...options.headers }
  const ifRange = resume === null ? undefined : ifRangeFor(resume)
  // Without a validator the server could send bytes of a changed file; start over instead.
  const resumable = resume !== null && ifRange !== undefined ? resume : null
  if (resumable !== null && ifRange !== undefined) {
    headers['range'] = `bytes=${resumable.offset}-`
    headers['if-range'] = ifRange
  }
  let response: Dispatcher.ResponseData
  try {
    const base = options.dispatcher ?? getGlobalDispatcher()
    response = await request(url, {
      method: 'GET',
      headers,
      signal,
      dispatcher: base.compose(interceptors.redirect({ maxRedirections: options.maxRedirections ?? 5 })),
      highWaterMark: options.highWaterMark ?? DEFAULT_HIGH_WATER_MARK,
      headersTimeout: options.headersTimeoutMs ?? DEFAULT_TIMEOUT_MS,
      bodyTimeout: options.bodyTimeoutMs ?? DEFAULT_TIMEOUT_MS
    })
  } catch (err) {
    throw networkError(err, signal)
  }
  const body = response.body as unknown as Readable
  try {
    const plan = planResponse(response.statusCode, response.headers, resumable, url, options.maxBytes)
    if (plan.action === 'restart') return 'restart'
    return await receiveBody(body, {
      options,
      paths,
      total: plan.total,
      contentType: header(response.headers, 'content-type'),
      resumed: plan.offset > 0 ? resumable : null,
      state: { version: 1, url, ...plan.validator, total: plan.total, durable: plan.offset, ...(plan.sha256 ? { sha256: plan.sha256 } : {}) }
    })
  } finally {
    // An unread body holds the connection. A short one (an error page) is read
    // so the connection can be reused; a long one is dropped.
    if (!body.destroyed) response.body.dump({ limit: 64 * 1024 }).catch(() => undefined)
  }
}
