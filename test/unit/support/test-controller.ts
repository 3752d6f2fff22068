// The app's controller over a fresh data folder, started as the Node host starts it (demo
// mode unless the test connects an account), with every event it emits recorded.
import { join } from 'node:path'
import { AppController } from '../../../src/main/core/app/controller'
import type { DemoService, PlatformHooks } from '../../../src/main/core/app/ports'
import type { LibraryCopy } from '../../../src/main/core/app/library-move'
import { FileSecretStore } from '../../../src/main/core/settings/file-secret-store'
import { FileSettingsStore } from '../../../src/main/core/settings/file-settings-store'
import type { AppEvent } from '../../../src/shared/contract'
import { startDemoService } from '../../../src/simulator/demo-mode'

export interface TestApp {
  controller: AppController
  events: AppEvent[]
}

export interface TestControllerOptions {
  demoSpeed?: number
  onDemo?: (demo: DemoService) => void
  /** The copy step of a library move, to hold a move midway. */
  libraryCopy?: LibraryCopy
  /** The desktop's extras (an OS notification), beside the Node host's platform. */
  hooks?: Omit<PlatformHooks, 'platform'>
  /** The system's languages, most wanted first (the default reads the locale variables). */
  systemLanguages?: string[]
}

export async function startTestController(dataDir: string, opts: TestControllerOptions = {}): Promise<TestApp> {
  const events: AppEvent[] = []
  const controller = await AppController.start({
    dataDir,
    secrets: FileSecretStore.inDir(dataDir),
    settings: new FileSettingsStore(join(dataDir, 'settings.json')),
    hooks: { platform: 'browser', ...opts.hooks },
    version: 'test',
    startDemoService: async (options) => {
      const demo = await startDemoService({ ...options, speed: opts.demoSpeed ?? 20 })
      opts.onDemo?.(demo)
      return demo
    },
    ...(opts.libraryCopy ? { libraryCopy: opts.libraryCopy } : {}),
    ...(opts.systemLanguages ? { systemLanguages: opts.systemLanguages } : {})
  })
  controller.onEvent((e) => events.push(e))
  return { controller, events }
}
