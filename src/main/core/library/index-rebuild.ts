// Rebuilding the library's index while the app runs, once it turned out damaged (a
// statement read a broken page, or SQLite's own check found one). The damaged file is set
// aside at once, so no later start trips on it; a new index is filled from the files in a
// file of its own, by a library opened over it, and then takes the index's place. Until
// then the index refuses every call with a clear message, and each change of the library
// waits for the rebuild and is made against the rebuilt index (see Library's `change`).
import type { LibraryIndex } from './index/library-index'
import { IndexDamagedError } from './index/index-db'
import { moveRebuiltIn, removeIndexFile, REBUILD_FILE, setIndexAside, type IndexDamage } from './index/open-index'
import { repairNotice, type RepairReport } from './repair/repair-report'
import { quickCheck } from './index/quick-check'
import { message, type NoticeText } from '../i18n/notice-text'

/** Fills a new index from the files, through a library opened over it; stops early when asked. */
export type IndexRefill<L> = (fresh: L, stopped: () => boolean) => Promise<RepairReport>

export interface RebuildParts<L extends { close(): Promise<void> }> {
  root: string
  index: LibraryIndex
  /** Resolves once no change of the library is under way (each fails at once on a damaged index). */
  idle(): Promise<void>
  /** A library over a new, empty index file beside the damaged one. */
  openFresh(): Promise<L>
  refill: IndexRefill<L> | undefined
  /** True once the library is closing: a rebuild under way stops, and the next start makes the index anew. */
  closed(): boolean
  notice(level: 'warning' | 'error', text: NoticeText): void
}

export class IndexRebuild<L extends { close(): Promise<void> }> {
  #running: Promise<RepairReport> | null = null
  #failure: Error | null = null
  /** The damaged file, once set aside (a rebuild tried again does not look for it twice). */
  #aside: IndexDamage | null = null
  /** What the last rebuild found and did. */
  #last: RepairReport | null = null

  constructor(private readonly parts: RebuildParts<L>) {}

  /**
   * Starts the rebuild of a damaged index (once: a rebuild under way takes every later
   * report of damage). The index refuses every call from now on, until the rebuilt one is in.
   */
  start(reason: string, finding?: string): Promise<RepairReport> {
    if (this.#running) return this.#running
    this.#failure = null
    // Begins on the next tick: marking the index damaged below tells its owner, who asks again.
    this.#running = Promise.resolve().then(() => this.run(reason, finding)).finally(() => (this.#running = null))
    this.parts.index.markDamaged(reason)
    return this.#running
  }

  /**
   * Runs SQLite's own check of the index (Repair library asks for it). A damaged index is
   * rebuilt, as any damage is, and the answer is the rebuild's report; null when the
   * check found nothing wrong.
   */
  async check(): Promise<RepairReport | null> {
    const under = await this.ready().catch(() => null)
    if (under) return under
    const damage = this.parts.index.damage
    const problems = damage === null ? await quickCheck(this.parts.index.path) : [damage]
    if (problems.length === 0) return null
    const finding = `SQLite's integrity check found ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}: ${problems[0]}`
    return this.start(problems[0]!, finding)
  }

  /** The report of the rebuild a damaged index started (for a repair whose step found the damage). */
  async report(): Promise<RepairReport> {
    const report = (await this.ready()) ?? this.#last
    if (!report) throw new IndexDamagedError('the index was not rebuilt')
    return report
  }

  /** True while a rebuild runs. */
  get running(): boolean {
    return this.#running !== null
  }

  /**
   * Resolves once the index may be used: at once when it is whole, after the rebuild under
   * way otherwise. Rejects with the clear message while it is damaged and no rebuild can
   * run (none was wired, or the last one failed: the next start makes it anew).
   */
  async ready(): Promise<RepairReport | null> {
    if (this.#running) return this.#running
    const damage = this.parts.index.damage
    if (damage === null) return null
    if (this.#failure) throw this.#failure
    throw new IndexDamagedError(damage)
  }

  private async run(reason: string, finding: string | undefined): Promise<RepairReport> {
    const { root, index } = this.parts
    if (!this.parts.refill) throw new IndexDamagedError(reason)
    try {
      await this.parts.idle()
      index.close()
      const damage = (this.#aside ??= setIndexAside(root, reason, finding))
      removeIndexFile(root, REBUILD_FILE)
      const fresh = await this.parts.openFresh()
      let report: RepairReport
      try {
        report = await this.parts.refill(fresh, () => this.parts.closed())
      } finally {
        await fresh.close()
      }
      report.damaged.unshift({ file: damage.file, keptAs: damage.keptAs, ...(damage.finding ? { finding: damage.finding } : {}) })
      if (this.parts.closed()) {
        removeIndexFile(root, REBUILD_FILE)
        return report
      }
      moveRebuiltIn(root)
      index.reopen()
      this.#aside = null
      this.#last = report
      const notice = repairNotice(report)
      if (notice) this.parts.notice('warning', notice)
      report.told = true
      return report
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err)
      this.#failure = new IndexDamagedError(reason)
      this.parts.notice('error', message('main:index.notRebuilt', { damage: reason, reason: why.replace(/\.+$/, '') }))
      throw this.#failure
    }
  }
}
