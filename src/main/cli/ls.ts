// `cli ls`: the library on disk, offline, without a key or a base URL, and without
// waiting for the process that owns the data folder (the app, a `sync`): it reads, and
// never writes, so it may run beside them.
import { join } from 'node:path'
import { folderHeld } from '../core/fs/folder-lock'
import { readLibraryOnDisk } from '../core/library/library-on-disk'
import { EXIT } from './exit-codes'

type Out = (line: string) => void

export async function lsCommand(dataDir: string, options: Record<string, string | boolean>, out: Out, err: Out): Promise<number> {
  const accountDir = join(dataDir, 'live')
  if (await folderHeld(accountDir)) err(`Another MediaGen Studio process is using ${accountDir}; listing the library as it is on disk now.`)
  const { entries, paths, unreadable } = await readLibraryOnDisk(join(accountDir, 'library'))
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
