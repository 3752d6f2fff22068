// Downloading generated outputs from the CDN before it purges them.
export { downloadFile } from './download-file'
export type { DownloadFileOptions, DownloadProgress, DownloadResult } from './download-types'
export { DownloadQueue } from './download-queue'
export type { DownloadQueueOptions, DownloadRunner, DownloadTask } from './download-queue'
export { DownloadError } from './errors'
export type { DownloadErrorCode } from './errors'
export type { MediaKind } from './media-type'
export type { CheckpointPolicy } from './part-writer'
