// A file named by a relative path inside a folder, for files served to a page (the built
// page, library files): the path must stay inside the folder as written and, once links
// are followed, as it really is on disk.
import { realpath } from 'node:fs/promises'
import { isAbsolute, relative, resolve, sep } from 'node:path'

/** The absolute path `relativePath` names inside `root` as written, or null when it leads out. */
export function pathInside(root: string, relativePath: string): string | null {
  if (!relativePath || isAbsolute(relativePath) || relativePath.includes('\0')) return null
  const abs = resolve(root, relativePath)
  const rel = relative(root, abs)
  if (!rel || rel.split(sep).includes('..') || isAbsolute(rel)) return null
  return abs
}

/** The real path of an existing file or folder inside `root`, links followed; null when missing or outside. */
export async function realPathInside(root: string, relativePath: string): Promise<string | null> {
  const abs = pathInside(root, relativePath)
  if (!abs) return null
  try {
    const [real, realRoot] = await Promise.all([realpath(abs), realpath(root)])
    return real.startsWith(realRoot + sep) ? real : null
  } catch {
    return null
  }
}
