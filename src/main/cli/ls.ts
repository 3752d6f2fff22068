// `cli ls`: the library on disk, offline, without a key or a base URL, and without
// waiting for the process that owns the data folder (the app, a `sync`): it reads, and
// never writes, so it may run beside them. A library moved away is listed where its
// move note leads; a note that leads nowhere is said, and nothing is listed. Without a
// usable index it lists the entries from their files, and says so. Each entry carries its
// favourite mark and its boards, so a script sees what the app shows.
import { folderHeld } from '../core/fs/folder-lock'
import { accountDirOf, libraryForCommand } from './library-location'
import { readLibraryOnDisk } from '../core/library/library-on-disk'
import type { LibraryEntry } from '../../shared/app/views'
import { EXIT } from './exit-codes'

type Out = (line: string) => void

const SAY = {
  held: (dir: string) => `Another MediaGen Studio process is using ${dir}; listing the library as it is on disk now.`,
  fromFiles: (why: string) => `The library's index could not be used (${why}); listing the entries from their files in the job folders instead.`,
  unreadable: (n: number) => n === 1
    ? '1 library entry could not be read and is not listed; its files on disk are left as they are.'
    : `${n} library entries could not be read and are not listed; their files on disk are left as they are.`,
  favorite: 'favourite',
  boards: (names: string[]) => `boards: ${names.join(', ')}`
}

export async function lsCommand(dataDir: string, options: Record<string, string | boolean>, out: Out, err: Out): Promise<number> {
  const accountDir = accountDirOf(dataDir)
  if (await folderHeld(accountDir)) err(SAY.held(accountDir))
  const libraryDir = await libraryForCommand(dataDir, err)
  if (libraryDir === null) return EXIT.failed
  const { entries, paths, unreadable, boardNames, fromFiles } = await readLibraryOnDisk(libraryDir)
  if (fromFiles) err(SAY.fromFiles(fromFiles))
  if (unreadable) err(SAY.unreadable(unreadable))
  const boardsOf = (e: LibraryEntry) => [...new Set(e.boards)].map((id) => ({ id, name: boardNames.get(id) ?? null }))
  if (options.json) {
    out(JSON.stringify(entries.map((e) => ({
      jobId: e.jobId, model: e.model, prompt: e.prompt, creditCost: e.creditCost, completedAt: e.completedAt,
      favorite: e.favorite, boards: boardsOf(e),
      files: e.files.map((f) => ({ index: f.index, state: f.state, path: f.path ? paths.abs(f.path) : null, bytes: f.bytes, sha256: f.sha256, lostReason: f.lostReason }))
    })), null, 2))
    return EXIT.ok
  }
  for (const e of entries) {
    const marks = [...(e.favorite ? [SAY.favorite] : []), ...(e.boards.length ? [SAY.boards(boardsOf(e).map((b) => b.name ?? b.id))] : [])]
    out([e.jobId, e.model, JSON.stringify((e.prompt ?? '').slice(0, 60)), ...marks].join('  '))
    for (const f of e.files) {
      out(f.state === 'saved' ? `  ${paths.abs(f.path!)}  ${f.bytes} bytes  sha256 ${f.sha256}` : `  output ${f.index}: ${f.state}${f.lostReason ? ` (${f.lostReason})` : ''}`)
    }
  }
  return EXIT.ok
}
