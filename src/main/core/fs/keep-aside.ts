// A damaged file is input, never thrown away: whoever finds one (the library's index, an
// entry file, a board or delete copy, the uploads list, the settings) keeps it aside beside
// the original, as `<name>.damaged`, then `<name>.damaged-2`, `-3`, … A name already taken
// is never written over, so an earlier damaged copy survives a later one.
//
// The name is claimed without a window for overwriting: a hard link (or an exclusive copy)
// fails when the name exists. Where hard links are not possible (a folder in the file's
// place, a file system without them), the file is renamed once the name is seen free.
import { constants, copyFileSync, existsSync, linkSync, renameSync, unlinkSync } from 'node:fs'
import { errorCode } from './atomic-write'

export interface KeepAsideOptions {
  /**
   * Copies the file, leaving the original where it is (it stays in use, and its next save
   * rewrites it). By default it is moved away.
   */
  copy?: boolean
  /** Files that belong to it, named `<path><suffix>` (an SQLite file's `-wal` and `-shm`), moved along under the same name. */
  along?: readonly string[]
}

const nameFor = (path: string, n: number) => (n === 1 ? `${path}.damaged` : `${path}.damaged-${n}`)

/** Claims `to` for `from`'s content: false when `to` is taken. */
function claim(from: string, to: string, copy: boolean): boolean {
  try {
    if (copy) copyFileSync(from, to, constants.COPYFILE_EXCL)
    else {
      linkSync(from, to)
      unlinkSync(from)
    }
    return true
  } catch (err) {
    const code = errorCode(err)
    if (code === 'EEXIST') return false
    if (copy || code === 'ENOENT') throw err
  }
  // No hard link here (a folder, or a file system without them): renamed once the name is free.
  if (existsSync(to)) return false
  renameSync(from, to)
  return true
}

function moveAlong(from: string, to: string): void {
  try {
    renameSync(from, to)
  } catch (err) {
    if (errorCode(err) !== 'ENOENT') throw err
  }
}

/**
 * Keeps the damaged file (or folder) at `path` aside under the first free name of
 * `.damaged`, `.damaged-2`, …, with the files `along` it, and returns where it now is.
 */
export function keepAside(path: string, options: KeepAsideOptions = {}): string {
  const along = options.along ?? []
  for (let n = 1; ; n++) {
    const candidate = nameFor(path, n)
    if (along.some((suffix) => existsSync(candidate + suffix))) continue
    if (!claim(path, candidate, options.copy ?? false)) continue
    for (const suffix of along) moveAlong(path + suffix, candidate + suffix)
    return candidate
  }
}
