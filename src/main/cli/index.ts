// `npm run cli -- …`: scripting and checks over the same engine as the app. Every
// outcome has its own exit code (exit-codes.ts); every mistake gets one line naming it.
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'
import { parseArgs, str, usage, UsageError } from './args'
import { checkCommandLine } from './known-options'
import { apiKeyFrom } from './api-key-source'
import { checkUrlOptions, engineFromArgs, dataDirFrom } from './engine-from-args'
import { repairCommand, submitCommand } from './commands'
import { syncCommand } from './sync'
import { lsCommand } from './ls'
import { serveCommand } from './serve'
import { importCommand } from './import'
import { EXIT } from './exit-codes'
import { quietOnClosedPipe } from './closed-pipe'
import { FOLLOW_SYSTEM } from '../../shared/i18n/languages'
import { setMainLanguage, tm } from '../core/i18n/main-i18n'
import { systemLanguagesFromEnv } from '../core/i18n/system-languages'

const out = (line: string) => process.stdout.write(line + '\n')
const err = (line: string) => process.stderr.write(line + '\n')

async function main(argv: string[]): Promise<number> {
  // The terminal's language, for everything the command prints.
  await setMainLanguage(FOLLOW_SYSTEM, systemLanguagesFromEnv(process.env))
  const { command, options, rest } = parseArgs(argv)
  if (!command || options.help) {
    out(usage())
    return command ? EXIT.ok : EXIT.usage
  }
  checkCommandLine(command, options, rest)
  if (command === 'ls') return lsCommand(dataDirFrom(options), options, out, err)
  if (command === 'import') return importCommand(dataDirFrom(options), rest[0]!, out, err)
  if (command === 'serve') {
    const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
    return serveCommand({ dataDir: dataDirFrom(options), port: Number(str(options, 'port') ?? 0), rendererDir: join(root, 'out', 'renderer'), out })
  }
  const startedAt = Date.now()
  // A folder held by another live process (the app, another sync) is refused at once,
  // naming that process: waiting would look like a hang. A dead owner's lock is taken over.
  checkUrlOptions(options)
  const apiKey = await apiKeyFrom(options, process.env, process.stdin)
  // `sync` sends waiting submissions only once the service has answered its first
  // question: a key the service refuses must not turn them into rejections.
  let serviceAnswered = command !== 'sync'
  const engine = engineFromArgs(options, apiKey, { lockWaitMs: 0, holdReason: () => (serviceAnswered ? null : 'the service has not answered yet') })
  engine.on('notice', (n) => err(n.message))
  await engine.start()
  try {
    // A sync or a repair works from the library as checked; a submit does not read it.
    if (command !== 'submit') await engine.libraryChecked()
    if (command === 'submit') return await submitCommand(engine, options, out, err)
    if (command === 'repair') return await repairCommand(engine, out)
    return await syncCommand(engine, options, { out, err, onServiceAnswered: () => (serviceAnswered = true) }, startedAt)
  } finally {
    await engine.close()
  }
}

quietOnClosedPipe(process.stdout)
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) err(tm('cli:usageError', { reason: error.message }))
    else err(tm('cli:error', { reason: error instanceof Error ? error.message : String(error) }))
    process.exit(error instanceof UsageError ? EXIT.usage : EXIT.failed)
  }
)
