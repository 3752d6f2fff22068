// What a download is asked to do, what it reports while it runs and what it ends with.
// These live apart from downloadFile because the steps it hands work to (the check of an
// existing file, the receipt of a body) speak them too, and must not import their caller.
import type { Dispatcher } from 'undici'
import type { DownloadFs } from './download-fs'
import type { MediaKind } from './media-type'
import type { CheckpointPolicy } from './part-writer'

export interface DownloadProgress {
  /** Bytes of the file received so far, including any resumed prefix. */
  received: number
  total: number | null
}

export interface DownloadFileOptions {
  url: string
  dest: string
  signal?: AbortSignal
  /** Kinds of media the body must be (checked by its first bytes); omitted means any content. */
  expectedKinds?: readonly MediaKind[]
  /** Called as chunks arrive. */
  onProgress?: (progress: DownloadProgress) => void
  dispatcher?: Dispatcher
  headers?: Record<string, string>
  maxBytes?: number
  headersTimeoutMs?: number
  /** Longest silence allowed between body chunks before the attempt fails as 'network'. */
  bodyTimeoutMs?: number
  /** Bytes of the body that may be buffered before the socket is paused. */
  highWaterMark?: number
  /** How often the .part is flushed and its length recorded (see PartWriter). */
  checkpoint?: CheckpointPolicy
  maxRedirections?: number
  /** Download even if `dest` already exists. By default an existing file is verified and returned. */
  overwrite?: boolean
  /** The file-system calls (tests inject failures here). */
  fs?: DownloadFs
  /** Space to leave free on the disk beyond the file itself (default 16 MiB). */
  reserveBytes?: number
}

export interface DownloadResult {
  bytes: number
  sha256: string
  mime: string
  /** Offset the last attempt resumed from (0 when it fetched the whole file). */
  resumedFrom: number
}
