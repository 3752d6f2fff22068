// Where library files live. Names come from the job id and the output index, never from
// a URL, so a hostile or odd URL cannot choose a path.
import { join } from 'node:path'

const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/

export function safeId(id: string): string {
  if (SAFE_ID.test(id)) return id
  // Ids from a live service are uuids; anything else is reduced to a safe, stable name.
  return Buffer.from(id).toString('base64url').slice(0, 120)
}

export class LibraryPaths {
  constructor(readonly root: string) {}

  jobDir(jobId: string): string {
    return join('files', safeId(jobId))
  }

  /** The download target before the type is known. */
  downloadTarget(jobId: string, index: number): string {
    return join(this.jobDir(jobId), `${index}.download`)
  }

  output(jobId: string, index: number, ext: string): string {
    return join(this.jobDir(jobId), `${index}.${ext}`)
  }

  thumbnail(jobId: string, index: number): string {
    return join('thumbs', safeId(jobId), `${index}.webp`)
  }

  input(sha256: string, ext: string): string {
    return join('inputs', `${sha256}.${ext}`)
  }

  abs(relativePath: string): string {
    return join(this.root, relativePath)
  }
}
