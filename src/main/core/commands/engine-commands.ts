// An engine's answers to the command line: what its process does when it holds the data
// folder and a `submit`, `sync`, `import` or `repair` is handed to it over the socket
// (the app wraps them with its own limits, see app/holder-commands.ts). The command
// line's own run of a command does the same work, through the same functions.
import type { RepairAnswer } from '../../../shared/app/handover'
import { Engine, type EngineOptions } from '../engine'
import { mergeReports, reportLines } from '../library/repair/repair-report'
import { HandoverDoor } from '../handover/handover-door'
import { HandoverRefusal, type HolderCommands } from '../handover/holder-commands'
import { importOn } from './import-on'
import { submitOn } from './submit-on'
import { syncOn } from './sync-on'

const SYNC_STOPPED = 'The process holding this folder is closing (or has lost the folder) and stopped the sync; run it again in a moment.'

/** Checks the whole library against the files on disk; the report includes the check at start. */
export async function repairOn(engine: Pick<Engine, 'repairLibrary' | 'startRepair'>): Promise<RepairAnswer> {
  const now = await engine.repairLibrary()
  const report = engine.startRepair ? mergeReports(engine.startRepair, now) : now
  return { checked: report.checked, lines: reportLines(report) }
}

export function engineCommands(engine: Engine): HolderCommands {
  return {
    submit: ({ request, idempotencyKey }) => submitOn(engine, request, idempotencyKey),
    sync: async ({ timeoutMs }, stop) => {
      const answer = await syncOn(engine, { deadline: Date.now() + timeoutMs, stop })
      // Stopped part-way, what is left says nothing of the work: the command line waits and asks again.
      if (stop.aborted) throw new HandoverRefusal('unavailable', SYNC_STOPPED)
      return answer
    },
    import: ({ dir }, news, stop) => importOn({ run: (d, options) => engine.importFolder(d, options), libraryDir: engine.libraryDir() }, dir, news, stop),
    repair: () => repairOn(engine)
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
