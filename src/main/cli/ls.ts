// `cli ls`: the library on disk, offline, without a key or a base URL, and without
// waiting for the process that owns the data folder (the app, a `sync`): it reads, and
// never writes, so it may run beside them. A library moved away is listed where its
// move note leads; a note that leads nowhere is said, and nothing is listed. Without a
// usable index it lists the entries from their files, and says so. Each entry carries its
// favourite mark, boards, tags, origin and source, so a script sees what the app shows;
// `--search`, `--tag` and `--favorites` list what the gallery's search and filters would.
import { folderHeld } from '../core/fs/folder-lock'
import { accountDirOf, libraryForCommand } from './library-location'
import { readLibraryOnDisk, type LibraryOnDisk } from '../core/library/library-on-disk'
import { listingFilter } from '../core/library/listing-filter'
import { importToolLabel } from '../../shared/app/library-import'
import { tagSchema } from '../../shared/app/tags'
import type { LibraryEntry } from '../../shared/app/views'
import { str, UsageError } from './args'
import { EXIT } from './exit-codes'
import { mainFormatters, tm } from '../core/i18n/main-i18n'

type Out = (line: string) => void

/** One output file's line: where it is saved, or what became of it. */
function fileLine(f: LibraryEntry['files'][number], abs: (path: string) => string): string {
  if (f.state === 'saved') return tm('cli:ls.savedFile', { path: abs(f.path!), bytes: f.bytes ?? 0, sha256: f.sha256 ?? '' })
  return f.lostReason ? tm('cli:ls.outputLost', { index: f.index, state: f.state, reason: f.lostReason }) : tm('cli:ls.output', { index: f.index, state: f.state })
}

/** The tags of `--tag` (each checked as the app checks one). */
function tagsAsked(tags: readonly string[]): string[] {
  return tags.map((t) => {
    const parsed = tagSchema.safeParse(t)
    if (!parsed.success) throw new UsageError(tm('cli:ls.badTag', { tag: JSON.stringify(t), reason: parsed.error.issues[0]?.message ?? tm('cli:ls.notATag') }))
    return parsed.data
  })
}

/** Where an entry came from: the library outputs and files it was made from, and the import it came in by. */
function sourceOf(e: LibraryEntry, paths: LibraryOnDisk['paths']) {
  const madeFrom = e.inputs.filter((i) => i.sourceJobId !== undefined).map((i) => ({ field: i.field, jobId: i.sourceJobId!, index: i.sourceIndex ?? 0 }))
  const files = e.inputs.filter((i) => i.sourceJobId === undefined).map((i) => ({ field: i.field, fileName: i.fileName, path: paths.abs(i.path), sha256: i.sha256 }))
  const imported = e.imported ? { tool: e.imported.tool, toolName: importToolLabel(e.imported.tool), path: e.imported.source, importedAt: e.imported.importedAt } : null
  return { madeFrom, files, imported }
}

/** `tags`: every `--tag` given (an entry must carry them all). */
export async function lsCommand(dataDir: string, options: Record<string, string | boolean>, out: Out, err: Out, tags: readonly string[] = []): Promise<number> {
  const keep = listingFilter({ search: str(options, 'search'), tags: tagsAsked(tags), favorites: options.favorites === true })
  const accountDir = accountDirOf(dataDir)
  if (await folderHeld(accountDir)) err(tm('cli:ls.held', { dir: accountDir }))
  const libraryDir = await libraryForCommand(dataDir, err)
  if (libraryDir === null) return EXIT.failed
  const { entries: all, paths, unreadable, boardNames, fromFiles } = await readLibraryOnDisk(libraryDir)
  if (fromFiles) err(tm('cli:ls.fromFiles', { reason: fromFiles }))
  if (unreadable) err(tm('cli:ls.unreadable', { count: unreadable }))
  const entries = all.filter(keep)
  const boardsOf = (e: LibraryEntry) => [...new Set(e.boards)].map((id) => ({ id, name: boardNames.get(id) ?? null }))
  if (options.json) {
    out(JSON.stringify(entries.map((e) => ({
      jobId: e.jobId, model: e.model, prompt: e.prompt, creditCost: e.creditCost, completedAt: e.completedAt,
      favorite: e.favorite, boards: boardsOf(e), tags: e.tags ?? [], origin: e.origin, source: sourceOf(e, paths),
      files: e.files.map((f) => ({ index: f.index, state: f.state, path: f.path ? paths.abs(f.path) : null, bytes: f.bytes, sha256: f.sha256, lostReason: f.lostReason }))
    })), null, 2))
    return EXIT.ok
  }
  for (const e of entries) {
    const list = (items: string[]) => mainFormatters().amounts(items)
    const marks = [
      ...(e.favorite ? [tm('cli:ls.favourite')] : []),
      ...(e.boards.length ? [tm('cli:ls.boards', { names: list(boardsOf(e).map((b) => b.name ?? b.id)) })] : []),
      ...(e.tags?.length ? [tm('cli:ls.tags', { names: list(e.tags) })] : []),
      ...(e.imported ? [tm('cli:ls.imported', { tool: importToolLabel(e.imported.tool) })] : [])
    ]
    out([e.jobId, e.model, JSON.stringify((e.prompt ?? '').slice(0, 60)), ...marks].join('  '))
    for (const f of e.files) out(`  ${fileLine(f, (path) => paths.abs(path))}`)
  }
  return EXIT.ok
}
