// `cli ls`: the library on disk, offline, without a key or a base URL, and without
// waiting for the process that owns the data folder (the app, a `sync`): it reads, and
// never writes, so it may run beside them. A library moved away is listed where its
// move note leads; a note that leads nowhere is said, and nothing is listed.
import { folderHeld } from '../core/fs/folder-lock'
import { followedMessage, followLibraryMoves, LibraryMovedError, requireMovedLibrary, type LibraryMove } from '../core/library/library-moved'
import { accountDirOf, libraryDirOf } from './library-location'
import { readLibraryOnDisk } from '../core/library/library-on-disk'
import { EXIT } from './exit-codes'

type Out = (line: string) => void

/** The library's folder as an engine would open it, found without writing anything. */
async function findLibrary(dataDir: string): Promise<{ dir: string; moves: LibraryMove[] }> {
  const { dir, moved } = libraryDirOf(dataDir)
  if (moved) await requireMovedLibrary(dir)
  return followLibraryMoves(dir)
}

export async function lsCommand(dataDir: string, options: Record<string, string | boolean>, out: Out, err: Out): Promise<number> {
  const accountDir = accountDirOf(dataDir)
  if (await folderHeld(accountDir)) err(`Another MediaGen Studio process is using ${accountDir}; listing the library as it is on disk now.`)
  const library = await findLibrary(dataDir).catch((e: unknown) => {
    if (e instanceof LibraryMovedError) return e
    throw e
  })
  if (library instanceof LibraryMovedError) {
    err(library.message)
    return EXIT.failed
  }
  for (const move of library.moves) err(followedMessage(move))
  const { entries, paths, unreadable } = await readLibraryOnDisk(library.dir)
  if (unreadable) err(`${unreadable} library ${unreadable === 1 ? 'entry' : 'entries'} could not be read and ${unreadable === 1 ? 'is' : 'are'} not listed; their files on disk are left as they are.`)
  if (options.json) {
    out(JSON.stringify(entries.map((e) => ({
      jobId: e.jobId, model: e.model, prompt: e.prompt, creditCost: e.creditCost, completedAt: e.completedAt,
      files: e.files.map((f) => ({ index: f.index, state: f.state, path: f.path ? paths.abs(f.path) : null, bytes: f.bytes, sha256: f.sha256, lostReason: f.lostReason }))
    })), null, 2))
    return EXIT.ok
  }
  for (const e of entries) {
    out(`${e.jobId}  ${e.model}  ${JSON.stringify((e.prompt ?? '').slice(0, 60))}`)
    for (const f of e.files) {
      out(f.state === 'saved' ? `  ${paths.abs(f.path!)}  ${f.bytes} bytes  sha256 ${f.sha256}` : `  output ${f.index}: ${f.state}${f.lostReason ? ` (${f.lostReason})` : ''}`)
    }
  }
  return EXIT.ok
}
