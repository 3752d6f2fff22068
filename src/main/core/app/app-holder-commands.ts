// What the app (Electron's or `serve`'s) does for a command line on its data folder: the
// engine's own answers (commands/engine-commands.ts), with a submit counted in the same
// send limit as the page's jobs, so a script beside the app cannot send past it either,
// and spending limits set in the app's own settings, which its every send reads.
import type { Engine } from '../engine'
import { engineCommands, type SaveLimits } from '../commands/engine-commands'
import type { HolderCommands } from '../handover/holder-commands'
import type { SendLimiter } from './send-limiter'

export function appHolderCommands(engine: Engine, sends: SendLimiter, saveLimits: SaveLimits): HolderCommands {
  const own = engineCommands(engine, saveLimits)
  return {
    ...own,
    submit: async (request) => {
      sends.take(1)
      return own.submit!(request)
    }
  }
}
