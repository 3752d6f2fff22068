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
import { mainFormatters, tm } from '../core/i18n/main-i18n'

type Out = (line: string) => void

/** One output file's line: where it is saved, or what became of it. */
function fileLine(f: LibraryEntry['files'][number], abs: (path: string) => string): string {
  if (f.state === 'saved') return tm('cli:ls.savedFile', { path: abs(f.path!), bytes: f.bytes ?? 0, sha256: f.sha256 ?? '' })
  return f.lostReason ? tm('cli:ls.outputLost', { index: f.index, state: f.state, reason: f.lostReason }) : tm('cli:ls.output', { index: f.index, state: f.state })
}

export async function lsCommand(dataDir: string, options: Record<string, string | boolean>, out: Out, err: Out): Promise<number> {
  const accountDir = accountDirOf(dataDir)
  if (await folderHeld(accountDir)) err(tm('cli:ls.held', { dir: accountDir }))
  const libraryDir = await libraryForCommand(dataDir, err)
  if (libraryDir === null) return EXIT.failed
  const { entries, paths, unreadable, boardNames, fromFiles } = await readLibraryOnDisk(libraryDir)
  if (fromFiles) err(tm('cli:ls.fromFiles', { reason: fromFiles }))
  if (unreadable) err(tm('cli:ls.unreadable', { count: unreadable }))
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
    const boards = e.boards.length ? [tm('cli:ls.boards', { names: mainFormatters().amounts(boardsOf(e).map((b) => b.name ?? b.id)) })] : []
    const marks = [...(e.favorite ? [tm('cli:ls.favourite')] : []), ...boards]
    out([e.jobId, e.model, JSON.stringify((e.prompt ?? '').slice(0, 60)), ...marks].join('  '))
    for (const f of e.files) out(`  ${fileLine(f, (path) => paths.abs(path))}`)
  }
  return EXIT.ok
}
