// `cli serve`: the app in a browser, through the Node host, on 127.0.0.1.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { AppController } from '../core/app/controller'
import { FileSecretStore } from '../core/settings/file-secret-store'
import { FileSettingsStore } from '../core/settings/file-settings-store'
import { startHostOnRememberedPort } from '../host/remembered-port'
import { startDemoService } from '../../simulator/demo-mode'
import { tm } from '../core/i18n/main-i18n'

export async function serveCommand(opts: { dataDir: string; port: number; rendererDir: string; out: (l: string) => void }): Promise<number> {
  if (!existsSync(join(opts.rendererDir, 'index.html'))) {
    opts.out(tm('cli:serve.notBuilt', { dir: opts.rendererDir }))
    return 2
  }
  const controller = await AppController.start({
    dataDir: opts.dataDir,
    secrets: FileSecretStore.inDir(opts.dataDir),
    settings: new FileSettingsStore(join(opts.dataDir, 'settings.json')),
    hooks: { platform: 'browser' },
    version: process.env.npm_package_version ?? '0.0.0',
    // A folder another live process holds (the app, a sync) is refused at once, naming
    // that process, rather than waited for in silence: nothing is listening yet.
    lockWaitMs: 0,
    // MEDIAGEN_DEMO_SPEED lets tests and demos run the demo service faster than real time.
    startDemoService: (options) => startDemoService({ ...options, speed: Number(process.env.MEDIAGEN_DEMO_SPEED) || undefined })
  })
  // Port 0 means the one this data folder had last time, so the page keeps its storage.
  const { host, note } = await startHostOnRememberedPort(opts.dataDir, { controller, rendererDir: opts.rendererDir, port: opts.port })
  opts.out(tm('cli:serve.started', { mode: controller.info().mode, dir: opts.dataDir }))
  if (note) opts.out(note)
  opts.out(tm('cli:serve.open', { url: host.openUrl }))
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
  await host.close()
  await controller.close()
  return 0
}
