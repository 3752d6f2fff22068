// `npm run cli -- …`: scripting and checks over the same engine as the app. Every
// outcome has its own exit code (exit-codes.ts); every mistake gets one line naming it.
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'
import { parseArgs, str, USAGE, UsageError } from './args'
import { checkCommandLine } from './known-options'
import { apiKeyFrom } from './api-key-source'
import { checkUrlOptions, engineFromArgs, dataDirFrom } from './engine-from-args'
import { repairCommand, submitCommand } from './commands'
import { syncCommand } from './sync'
import { lsCommand } from './ls'
import { limitsCommand } from './limits'
import { serveCommand } from './serve'
import { importCommand } from './import'
import { EXIT } from './exit-codes'
import { quietOnClosedPipe } from './closed-pipe'

const out = (line: string) => process.stdout.write(line + '\n')
const err = (line: string) => process.stderr.write(line + '\n')

async function main(argv: string[]): Promise<number> {
  const { command, options, rest } = parseArgs(argv)
  if (!command || options.help) {
    out(USAGE)
    return command ? EXIT.ok : EXIT.usage
  }
  checkCommandLine(command, options, rest)
  if (command === 'ls') return lsCommand(dataDirFrom(options), options, out, err)
  if (command === 'import') return importCommand(dataDirFrom(options), rest[0]!, out, err)
  if (command === 'limits') return limitsCommand(dataDirFrom(options), options, out, err)
  // Offline: no key, no base URL, nothing sent.
  if (command === 'repair') return repairCommand(dataDirFrom(options), out, err)
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
    if (error instanceof UsageError) err(`error: ${error.message} (see --help)`)
    else err(`error: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(error instanceof UsageError ? EXIT.usage : EXIT.failed)
  }
)
