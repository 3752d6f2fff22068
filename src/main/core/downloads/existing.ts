// A download whose destination already exists finished earlier: the file
// only ever appears there by renaming a complete, checked .part. Returning
// it (instead of fetching again) keeps a retry after a crash from failing
// with 'expired' once the CDN has purged a file we already have.
import { stat } from 'node:fs/promises'
import type { DownloadResult } from './download-types'
import { errorCode } from './errors'
import { hashFileAsWritten } from './file-hasher'
import { judgeType } from './media-type'
import type { MediaKind } from './media-type'
import type { PartPaths } from './part-state'
import { removeIfPresent } from '../fs/remove-if-present'
import { readHead } from './part-state'

export async function existingDownload(paths: PartPaths, kinds: readonly MediaKind[] | undefined): Promise<DownloadResult | null> {
  let bytes: number
  try {
    const info = await stat(paths.dest)
    if (!info.isFile()) return null
    bytes = info.size
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return null
    throw err
  }
  const verdict = judgeType(await readHead(paths.dest), kinds)
  // Something else sits at the destination: download over it.
  if (!verdict.ok) return null
  const sha256 = await hashFileAsWritten(paths.dest).digest(bytes)
  // The crash that left this file may have come before its sidecar was removed.
  try {
    await stat(paths.part)
  } catch {
    await removeIfPresent(paths.sidecar)
  }
  return { bytes, sha256, mime: verdict.mime ?? 'application/octet-stream', resumedFrom: bytes }
}
