// Where the CDN's files live on disk: one folder per job, legacy task or upload under
// `<root>/<area>/<id>/`. Outputs live on disk, not in memory; each is written through a
// temp name, fsynced and renamed, so a file the CDN serves is always whole.
import { mkdir, rm } from 'node:fs/promises'
import { writeWholeFile } from './write-whole'
import { join } from 'node:path'

export type FileArea = 'jobs' | 'uploads'

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/
const SAFE_ID = /^[0-9a-f-]{36}$/

export class FileStore {
  constructor(readonly root: string) {}

  dirOf(area: FileArea, id: string): string {
    if (!SAFE_ID.test(id)) throw new Error(`Invalid id for a file folder: ${id}`)
    return join(this.root, area, id)
  }

  pathOf(area: FileArea, id: string, name: string): string {
    if (!SAFE_NAME.test(name)) throw new Error(`Invalid file name: ${name}`)
    return join(this.dirOf(area, id), name)
  }

  /** The URL path the CDN serves a file under. */
  static urlPath(area: FileArea, id: string, name: string): string {
    return `/cdn/${area}/${id}/${name}`
  }

  async write(area: FileArea, id: string, name: string, bytes: Uint8Array): Promise<void> {
    const dir = this.dirOf(area, id)
    await mkdir(dir, { recursive: true })
    await writeWholeFile(this.pathOf(area, id, name), bytes)
  }

  async remove(area: FileArea, id: string): Promise<void> {
    await rm(this.dirOf(area, id), { recursive: true, force: true })
  }
}
