// What a library repair found and did, and the one notice that tells the user.

export interface RepairReport {
  /** Job folders looked at. */
  checked: number
  /** Of those, folders unchanged since they were last found whole, and so not read again. */
  unchanged: number
  /** Damaged files, relative to the library folder, with what became of each (and what SQLite's own check found, when that is how it showed). */
  damaged: { file: string; keptAs: string | null; lines?: number; finding?: string }[]
  /** True when SQLite's own check of the index ran (Repair library) and found it whole. */
  indexChecked: boolean
  /** Entries rebuilt from their output files (their entry file was damaged or missing). */
  rebuilt: string[]
  /** Output files no entry listed, now listed again. */
  reattached: number
  /** Entries put back into the index from their entry files. */
  reindexed: number
  /** Index records whose entry and files are gone (taken out of the index). */
  dropped: string[]
  /** Deletes kept by their second copy (a tombstone file) when the index had lost them. */
  deletesKept: number
  /** Boards known only from their members, put back under a placeholder name. */
  boardsRecovered: number
  /** Leftover temporary files and stale partial downloads removed. */
  leftoversRemoved: number
  /** Set when the user was told of it already (a rebuild of the index tells its own notice). */
  told?: boolean
}

export function emptyReport(): RepairReport {
  return { checked: 0, unchanged: 0, damaged: [], indexChecked: false, rebuilt: [], reattached: 0, reindexed: 0, dropped: [], deletesKept: 0, boardsRecovered: 0, leftoversRemoved: 0 }
}

/** Two repairs as one (the start-up pass and the one asked for): every finding of both. */
export function mergeReports(a: RepairReport, b: RepairReport): RepairReport {
  return {
    checked: Math.max(a.checked, b.checked), unchanged: Math.min(a.unchanged, b.unchanged), damaged: [...a.damaged, ...b.damaged],
    indexChecked: a.indexChecked || b.indexChecked, rebuilt: [...a.rebuilt, ...b.rebuilt],
    reattached: a.reattached + b.reattached, reindexed: a.reindexed + b.reindexed, dropped: [...a.dropped, ...b.dropped],
    deletesKept: a.deletesKept + b.deletesKept, boardsRecovered: a.boardsRecovered + b.boardsRecovered, leftoversRemoved: a.leftoversRemoved + b.leftoversRemoved
  }
}

function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`
}

/** True when the repair found something worth telling the user. */
export function needsNotice(r: RepairReport): boolean {
  return r.damaged.length + r.rebuilt.length + r.reattached + r.reindexed + r.dropped.length + r.deletesKept + r.boardsRecovered > 0
}

/** One line per finding, for the command line and the Settings view. */
export function reportLines(r: RepairReport): string[] {
  const lines: string[] = []
  for (const d of r.damaged) {
    const what = d.finding ? `${d.file}: ${d.finding}` : d.lines ? `${plural(d.lines, 'unreadable line')} in ${d.file}` : `${d.file} was unreadable`
    lines.push(`damaged: ${what}${d.keptAs ? `, kept aside as ${d.keptAs}` : ''}`)
  }
  if (r.rebuilt.length) lines.push(`recovered: ${plural(r.rebuilt.length, 'entry', 'entries')} rebuilt from ${r.rebuilt.length === 1 ? 'its' : 'their'} output files`)
  if (r.reattached) lines.push(`recovered: ${plural(r.reattached, 'output file')} no entry listed, listed again`)
  if (r.reindexed) lines.push(`recovered: ${plural(r.reindexed, 'entry', 'entries')} put back in the index`)
  if (r.deletesKept) lines.push(`recovered: ${plural(r.deletesKept, 'delete')} the index had lost, kept from ${r.deletesKept === 1 ? 'its' : 'their'} second copy`)
  if (r.boardsRecovered) lines.push(`recovered: ${plural(r.boardsRecovered, 'board')} known only from ${r.boardsRecovered === 1 ? 'its' : 'their'} members, named "Recovered board"`)
  if (r.dropped.length) lines.push(`removed from the index: ${plural(r.dropped.length, 'entry', 'entries')} with no entry file and no output file left`)
  if (r.leftoversRemoved) lines.push(`cleaned: ${plural(r.leftoversRemoved, 'leftover temporary file')}`)
  return lines
}

/** What the command line says of SQLite's own check of the index, when it ran and found nothing wrong. */
export function indexCheckLine(r: RepairReport): string | null {
  return r.indexChecked && !r.damaged.some((d) => d.file === 'index.sqlite') ? "index.sqlite: SQLite's integrity check found nothing wrong" : null
}

/** The notice for the user, or null when nothing needed repair. */
export function repairNotice(r: RepairReport): string | null {
  if (!needsNotice(r)) return null
  const named = r.damaged.map((d) => d.file)
  const head = named.length ? `The library had damaged files (${named.join(', ')}) and was repaired` : 'The library was repaired'
  return `${head}: ${reportLines(r).filter((l) => !l.startsWith('damaged:')).map((l) => l.replace(/^[a-z ]+: /, '')).join('; ')}. Damaged files are kept aside, never deleted.`
}
