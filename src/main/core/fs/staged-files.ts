// Several files changed as one: each new version is written in full beside its file first
// (the only step that needs room on the disk), and only once all are written, and whatever
// goes with them is committed (the library's index), are they put in place. On a full
// disk the staging fails, the versions already written are dropped, and nothing changed.
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { stageFileAtomic, type StagedFile } from './atomic-write'
import { DiskFullError, isNoRoom } from './disk-full'

export interface FileWrite {
  path: string
  data: string
}

export interface StagedFiles {
  /** Puts every new version in place. */
  publish(): Promise<void>
  /** Drops every new version: the files stay as they were. */
  discard(): Promise<void>
}

/** Writes every file's new version beside it; a full disk is answered with DiskFullError, and nothing is left behind. */
export async function stageFiles(files: readonly FileWrite[]): Promise<StagedFiles> {
  const staged: StagedFile[] = []
  const discard = async () => void (await Promise.all(staged.map((s) => s.discard())))
  try {
    for (const f of files) {
      await mkdir(dirname(f.path), { recursive: true })
      staged.push(await stageFileAtomic(f.path, f.data))
    }
  } catch (err) {
    await discard()
    throw isNoRoom(err) ? new DiskFullError() : err
  }
  return {
    discard,
    publish: async () => {
      for (const s of staged) await s.publish()
    }
  }
}
