// What a library repair found and did, and the one notice that tells the user.
import type { Message } from '../../../../shared/i18n/message'
import { message } from '../../i18n/notice-text'
import { tm } from '../../i18n/main-i18n'

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

/** True when the repair found something worth telling the user. */
export function needsNotice(r: RepairReport): boolean {
  return r.damaged.length + r.rebuilt.length + r.reattached + r.reindexed + r.dropped.length + r.deletesKept + r.boardsRecovered > 0
}

/** A damaged file, and what became of it. */
function damagedLine(d: RepairReport['damaged'][number]): string {
  const { file, keptAs } = d
  if (d.finding) return keptAs ? tm('main:repair.damagedFindingKept', { file, finding: d.finding, keptAs }) : tm('main:repair.damagedFinding', { file, finding: d.finding })
  if (d.lines) return keptAs ? tm('main:repair.damagedLinesKept', { file, lines: d.lines, keptAs }) : tm('main:repair.damagedLines', { file, lines: d.lines })
  return keptAs ? tm('main:repair.damagedFileKept', { file, keptAs }) : tm('main:repair.damagedFile', { file })
}

interface Finding {
  kind: 'recovered' | 'dropped' | 'cleaned'
  what: string
}

/** What the repair put right, each in main's language. */
function findings(r: RepairReport): Finding[] {
  const found: Finding[] = []
  const add = (kind: Finding['kind'], count: number, what: (count: number) => string) => {
    if (count > 0) found.push({ kind, what: what(count) })
  }
  add('recovered', r.rebuilt.length, (count) => tm('main:repair.rebuilt', { count }))
  add('recovered', r.reattached, (count) => tm('main:repair.reattached', { count }))
  add('recovered', r.reindexed, (count) => tm('main:repair.reindexed', { count }))
  add('recovered', r.deletesKept, (count) => tm('main:repair.deletesKept', { count }))
  add('recovered', r.boardsRecovered, (count) => tm('main:repair.boardsRecovered', { count }))
  add('dropped', r.dropped.length, (count) => tm('main:repair.dropped', { count }))
  add('cleaned', r.leftoversRemoved, (count) => tm('main:repair.leftovers', { count }))
  return found
}

const LINE_KEYS = { recovered: 'main:repair.recoveredLine', dropped: 'main:repair.droppedLine', cleaned: 'main:repair.cleanedLine' } as const

/** One line per finding, for the command line and the Settings view, in main's language. */
export function reportLines(r: RepairReport): string[] {
  return [...r.damaged.map(damagedLine), ...findings(r).map(({ kind, what }) => tm(LINE_KEYS[kind], { what }))]
}

/** What the command line says of SQLite's own check of the index, when it ran and found nothing wrong. */
export function indexCheckLine(r: RepairReport): string | null {
  return r.indexChecked && !r.damaged.some((d) => d.file === 'index.sqlite') ? tm('main:repair.indexWhole') : null
}

/** The notice for the user, or null when nothing needed repair. */
export function repairNotice(r: RepairReport): Message | null {
  if (!needsNotice(r)) return null
  const files = r.damaged.map((d) => d.file).join(', ')
  const what = findings(r).map((f) => f.what).join('; ')
  if (!files) return message('main:repair.notice', { what })
  return what ? message('main:repair.noticeDamaged', { files, what }) : message('main:repair.noticeDamagedOnly', { files })
}
