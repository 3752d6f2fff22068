// `npm run cli -- …`: scripting and checks over the same engine as the app.
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'
import { parseArgs, str, USAGE, UsageError } from './args'
import { engineFromArgs, defaultDataDir } from './engine-from-args'
import { lsCommand, submitCommand, syncCommand } from './commands'
import { serveCommand } from './serve'

const out = (line: string) => process.stdout.write(line + '\n')

async function main(argv: string[]): Promise<number> {
  const { command, options } = parseArgs(argv)
  if (!command || options.help) {
    out(USAGE)
    return command ? 0 : 1
  }
  if (command === 'serve') {
    const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
    return serveCommand({ dataDir: str(options, 'data-dir') ?? defaultDataDir(), port: Number(str(options, 'port') ?? 0), rendererDir: join(root, 'out', 'renderer'), out })
  }
  const startedAt = Date.now()
  // A folder held by another live process (the app, another sync) is refused at once,
  // naming that process: waiting would look like a hang. A dead owner's lock is taken over.
  const engine = engineFromArgs(options, 0)
  engine.on('notice', (n) => process.stderr.write(`${n.message}\n`))
  await engine.start()
  try {
    if (command === 'submit') return await submitCommand(engine, options, out)
    if (command === 'sync') return await syncCommand(engine, options, out, startedAt)
    if (command === 'ls') return lsCommand(engine, options, out)
    throw new UsageError(`Unknown command '${command}'`)
  } finally {
    await engine.close()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError) process.stderr.write(`${err.message}\n\n${USAGE}\n`)
    else process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(err instanceof UsageError ? 64 : 1)
  }
)
