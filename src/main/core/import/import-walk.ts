// The files under a folder, in every subfolder, in name order. Links are not followed
// (nothing outside the folder is imported, and a link cannot make the walk go round),
// and each one, like anything else that is not a file, is named with why it was left out.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { errorCode } from '../fs/atomic-write'
import { SKIP, type SkipReason } from './import-messages'

export type Found = { kind: 'file'; path: string } | { kind: 'skip'; path: string; reason: SkipReason }

/** Walks `root` (absolute); folders for which `leaveOut` answers true are not entered. */
export async function* walkFolder(root: string, leaveOut: (dir: string) => boolean): AsyncGenerator<Found> {
  const folders = [root]
  while (folders.length > 0) {
    const dir = folders.pop()!
    let entries
    try {
      entries = await readdir(dir, { withFileTypes: true })
    } catch (err) {
      yield { kind: 'skip', path: dir, reason: SKIP.unreadable(errorCode(err) ?? (err as Error).message) }
      continue
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    const subfolders: string[] = []
    for (const e of entries) {
      const path = join(dir, e.name)
      if (e.isSymbolicLink()) yield { kind: 'skip', path, reason: SKIP.link }
      else if (e.isDirectory()) {
        if (!leaveOut(path)) subfolders.push(path)
      } else if (e.isFile()) yield { kind: 'file', path }
      else yield { kind: 'skip', path, reason: SKIP.special }
    }
    // Popped from the end: reversed, so subfolders are walked in name order.
    folders.push(...subfolders.reverse())
  }
}
