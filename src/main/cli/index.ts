// `npm run cli -- …`: scripting and checks over the same engine as the app. Every
// outcome has its own exit code (exit-codes.ts); every mistake gets one line naming it.
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'
import { parseArgs, str, usage, UsageError } from './args'
import { checkCommandLine, COMMAND_NAMES } from './known-options'
import { apiKeyFrom } from './api-key-source'
import { checkUrlOptions, engineFromArgs, dataDirFrom } from './engine-from-args'
import { accountDirOf } from './library-location'
import type { HandoverCommand } from '../../shared/app/handover'
import { repairCommand, submitCommand } from './commands'
import { syncCommand } from './sync'
import { lsCommand } from './ls'
import { limitsCommand, setsLimits } from './limits'
import { serveCommand } from './serve'
import { importCommand } from './import'
import { EXIT } from './exit-codes'
import { quietOnClosedPipe } from './closed-pipe'
import { handOver, handOverSoon, isHandedCommand, type HandOverContext } from './hand-over'
import { FolderBusyError, folderHeld, folderHolder } from '../core/fs/folder-lock'
import { heldExit } from './held'
import { FOLLOW_SYSTEM } from '../../shared/i18n/languages'
import { setMainLanguage, tm } from '../core/i18n/main-i18n'
import { systemLanguagesFromEnv } from '../core/i18n/system-languages'

const out = (line: string) => process.stdout.write(line + '\n')
const err = (line: string) => process.stderr.write(line + '\n')

async function main(argv: string[]): Promise<number> {
  // The terminal's language, for everything the command prints.
  await setMainLanguage(FOLLOW_SYSTEM, systemLanguagesFromEnv(process.env))
  const { command, options, lists, rest } = parseArgs(argv)
  if (!command || options.help) {
    out(usage())
    return command ? EXIT.ok : EXIT.usage
  }
  checkCommandLine(command, options, rest)
  if (command === 'ls') return lsCommand(dataDirFrom(options), options, out, err, lists.tag ?? [])
  // Showing the limits reads the files: nothing is asked of a process holding the folder.
  if (command === 'limits' && !setsLimits(options)) return limitsCommand(dataDirFrom(options), options, out, err)
  if (command === 'serve') {
    const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
    return serveCommand({ dataDir: dataDirFrom(options), port: Number(str(options, 'port') ?? 0), rendererDir: join(root, 'out', 'renderer'), out })
  }
  checkUrlOptions(options)
  if (!isHandedCommand(command)) throw new UsageError(tm('cli:args.unknownCommand', { command, commands: COMMAND_NAMES.join(', ') }))
  const ctx: HandOverContext = { dataDir: dataDirFrom(options), options, rest, out, err, startedAt: Date.now() }
  // The process holding the data folder (the app, `serve`, a sync) does the command if it
  // serves the folder; else the command holds it itself. A folder held by a live process
  // that does not answer is refused (exit 10), naming it: waiting would look like a hang.
  const handed = await handOver(command, ctx)
  if (handed !== null) return handed
  const dir = accountDirOf(ctx.dataDir)
  if (await folderHeld(dir)) return (await handOverSoon(command, ctx)) ?? heldExit(err, dir, await folderHolder(dir))
  try {
    return await runHere(command, options, rest, ctx.startedAt)
  } catch (error) {
    if (!(error instanceof FolderBusyError)) throw error
    return (await handOverSoon(command, ctx)) ?? heldExit(err, dir, error.holder)
  }
}

/**
 * The command in this process, no other holding the data folder: submit and sync on an
 * engine of their own, holding the folder (and serving it meanwhile); import and repair
 * holding it offline (no key, nothing sent); limits written to the folder's settings.
 */
async function runHere(command: HandoverCommand, options: Record<string, string | boolean>, rest: string[], startedAt: number): Promise<number> {
  if (command === 'import') return importCommand(dataDirFrom(options), rest[0]!, out, err)
  if (command === 'repair') return repairCommand(dataDirFrom(options), out, err)
  if (command === 'limits') return limitsCommand(dataDirFrom(options), options, out, err)
  const apiKey = await apiKeyFrom(options, process.env, process.stdin)
  // `sync` sends waiting submissions only once the service has answered its first
  // question: a key the service refuses must not turn them into rejections.
  let serviceAnswered = command !== 'sync'
  const engine = engineFromArgs(options, apiKey, { lockWaitMs: 0, holdReason: () => (serviceAnswered ? null : 'the service has not answered yet') })
  engine.on('notice', (n) => err(n.message))
  await engine.start()
  try {
    // A sync works from the library as checked; a submit does not read it.
    if (command === 'submit') return await submitCommand(engine, options, out, err)
    await engine.libraryChecked()
    return await syncCommand(engine, options, { out, err, onServiceAnswered: () => (serviceAnswered = true) }, startedAt)
  } finally {
    await engine.close()
  }
}

quietOnClosedPipe(process.stdout)
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // `serve` on a folder another process holds: the same exit 10 as the other commands.
    if (error instanceof FolderBusyError) process.exit(heldExit(err, error.dir, error.holder))
    if (error instanceof UsageError) err(tm('cli:usageError', { reason: error.message }))
    else err(tm('cli:error', { reason: error instanceof Error ? error.message : String(error) }))
    process.exit(error instanceof UsageError ? EXIT.usage : EXIT.failed)
  }
)
