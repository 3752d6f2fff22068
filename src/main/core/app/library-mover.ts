// Moves the live library: the engine stops (nothing writes into the library), every file
// is copied and its hash checked at the new place, and only then does the setting switch.
// The old folder is left as it was, for the user to delete once they are sure. Meanwhile
// the page is sent the copy's progress, and routes that need no engine keep answering.
import type { CopyProgress } from '../fs/copy-verified'
import { AppFailure } from './app-errors'
import type { AppEvents } from './app-events'
import { checkMoveTarget, copyLibrary } from './library-move'
import type { SettingsStore } from './ports'

export type LibraryCopy = typeof copyLibrary

export interface LibraryMoverOptions {
  settings: SettingsStore
  events: AppEvents
  engines: {
    mode(): 'demo' | 'live'
    libraryDir(): string
    restart(whileStopped: () => Promise<void>): Promise<void>
  }
  /** Holds submissions while the library moves. */
  whileChanging<T>(reason: string, work: () => Promise<T>): Promise<T>
  /** After the move, the service is asked about the key again. */
  reconnect(): void
  /** The copy step (a test holds it midway). */
  copy?: LibraryCopy
}

export async function moveLibrary(opts: LibraryMoverOptions, to: string): Promise<{ libraryDir: string; files: number; bytes: number }> {
  const { engines, events } = opts
  if (engines.mode() !== 'live') throw new AppFailure('conflict', 'The demo library stays in the app’s data folder; connect an account to move your library')
  const from = engines.libraryDir()
  const moveTarget = await checkMoveTarget(from, to)
  const copy = opts.copy ?? copyLibrary
  let copied = { files: 0, bytes: 0 }
  await opts.whileChanging('The library is being moved', () =>
    engines.restart(async () => {
      copied = await copy(from, moveTarget, (p: CopyProgress) => events.emit({ name: 'library.moveProgress', payload: p }))
      opts.settings.update({ libraryDir: moveTarget.target }).saved.catch((err: Error) => {
        events.notice('warning', `The new library folder could not be saved in the settings (${err.message.replace(/\.+$/, '')}); at the next start the app opens the old one, which is still whole.`)
      })
    })
  )
  opts.reconnect()
  return { libraryDir: engines.libraryDir(), ...copied }
}
