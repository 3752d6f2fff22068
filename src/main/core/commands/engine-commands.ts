// An engine's answers to the command line: what its process does when it holds the data
// folder and a `submit`, `sync`, `import`, `repair` or `limits` is handed to it over the
// socket (the app wraps them with its own limits, see app/app-holder-commands.ts). The
// command line's own run of a command does the same work, through the same functions.
import type { CommandRequest, RepairAnswer } from '../../../shared/app/handover'
import type { SpendStanding } from '../../../shared/app/spend-limits'
import { Engine, type EngineOptions } from '../engine'
import { indexCheckLine, mergeReports, reportLines, type RepairReport } from '../library/repair/repair-report'
import { HandoverDoor } from '../handover/handover-door'
import { HandoverRefusal, type HolderCommands } from '../handover/holder-commands'
import { importOn } from './import-on'
import { submitOn } from './submit-on'
import { syncOn } from './sync-on'

const SYNC_STOPPED = 'The process holding this folder is closing (or has lost the folder) and stopped the sync; run it again in a moment.'

/** What the command line prints of a repair, wherever it ran. */
export function repairAnswerOf(report: RepairReport): RepairAnswer {
  return { checked: report.checked, lines: reportLines(report), indexCheck: indexCheckLine(report) }
}

/** Checks the whole library against the files on disk (SQLite's check of the index included); the report includes the check at start. */
export async function repairOn(engine: Pick<Engine, 'repairLibrary' | 'startRepair'>): Promise<RepairAnswer> {
  const now = await engine.repairLibrary()
  return repairAnswerOf(engine.startRepair ? mergeReports(engine.startRepair, now) : now)
}

/** Saves spending limits where the holder's sends read them (its settings), resolving once they are written. */
export type SaveLimits = (set: CommandRequest<'limits'>['set']) => Promise<void>

/** Sets the limits given (none: only reads them), then answers their standing as the engine holds sends to them. */
export async function limitsOn(engine: Pick<Engine, 'spending'>, save: SaveLimits, { set }: CommandRequest<'limits'>): Promise<SpendStanding> {
  if (Object.keys(set).length > 0) await save(set)
  return engine.spending.standing()
}

/** The commands an engine does for the command line; `saveLimits`, where it keeps its spending limits (without it, `limits` is not taken). */
export function engineCommands(engine: Engine, saveLimits?: SaveLimits): HolderCommands {
  return {
    submit: ({ request, idempotencyKey, confirmed }) => submitOn(engine, request, idempotencyKey, confirmed),
    sync: async ({ timeoutMs }, stop) => {
      const answer = await syncOn(engine, { deadline: Date.now() + timeoutMs, stop })
      // Stopped part-way, what is left says nothing of the work: the command line waits and asks again.
      if (stop.aborted) throw new HandoverRefusal('unavailable', SYNC_STOPPED)
      return answer
    },
    import: ({ dir }, news, stop) => importOn({ run: (d, options) => engine.importFolder(d, options), libraryDir: engine.libraryDir() }, dir, news, stop),
    repair: () => repairOn(engine),
    ...(saveLimits ? { limits: (request: CommandRequest<'limits'>) => limitsOn(engine, saveLimits, request) } : {})
  }
}

/**
 * An engine that serves the command line while it holds its folder (from the moment its
 * files are open until it lets the folder go or loses it), answering with `commandsFor`.
 */
export function servingEngine(options: EngineOptions, commandsFor: (engine: Engine) => HolderCommands = engineCommands): Engine {
  let engine: Engine | null = null
  const door = new HandoverDoor({
    dir: options.dataDir,
    commands: () => (engine ? commandsFor(engine) : {}),
    notice: (message) => void engine?.emit('notice', { level: 'warning', message })
  })
  engine = new Engine({ ...options, door })
  return engine
}
