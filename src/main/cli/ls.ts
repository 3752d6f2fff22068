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

type Out = (line: string) => void

const SAY = {
  held: (dir: string) => `Another MediaGen Studio process is using ${dir}; listing the library as it is on disk now.`,
  fromFiles: (why: string) => `The library's index could not be used (${why}); listing the entries from their files in the job folders instead.`,
  unreadable: (n: number) => n === 1
    ? '1 library entry could not be read and is not listed; its files on disk are left as they are.'
    : `${n} library entries could not be read and are not listed; their files on disk are left as they are.`,
  favorite: 'favourite',
  boards: (names: string[]) => `boards: ${names.join(', ')}`,
  tags: (tags: string[]) => `tags: ${tags.join(', ')}`,
  imported: (tool: string) => `imported from ${tool}`,
  badTag: (tag: string, why: string) => `--tag ${JSON.stringify(tag)}: ${why}`
}

/** The tags of `--tag` (each checked as the app checks one). */
function tagsAsked(tags: readonly string[]): string[] {
  return tags.map((t) => {
    const parsed = tagSchema.safeParse(t)
    if (!parsed.success) throw new UsageError(SAY.badTag(t, parsed.error.issues[0]?.message ?? 'not a tag'))
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
  if (await folderHeld(accountDir)) err(SAY.held(accountDir))
  const libraryDir = await libraryForCommand(dataDir, err)
  if (libraryDir === null) return EXIT.failed
  const { entries: all, paths, unreadable, boardNames, fromFiles } = await readLibraryOnDisk(libraryDir)
  if (fromFiles) err(SAY.fromFiles(fromFiles))
  if (unreadable) err(SAY.unreadable(unreadable))
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
    const marks = [
      ...(e.favorite ? [SAY.favorite] : []),
      ...(e.boards.length ? [SAY.boards(boardsOf(e).map((b) => b.name ?? b.id))] : []),
      ...(e.tags?.length ? [SAY.tags(e.tags)] : []),
      ...(e.imported ? [SAY.imported(importToolLabel(e.imported.tool))] : [])
    ]
    out([e.jobId, e.model, JSON.stringify((e.prompt ?? '').slice(0, 60)), ...marks].join('  '))
    for (const f of e.files) {
      out(f.state === 'saved' ? `  ${paths.abs(f.path!)}  ${f.bytes} bytes  sha256 ${f.sha256}` : `  output ${f.index}: ${f.state}${f.lostReason ? ` (${f.lostReason})` : ''}`)
    }
  }
  return EXIT.ok
}
