// The demo service on its own:
//   npm run simulator -- [--port 8787] [--host 127.0.0.1] [--api-key KEY] [--credits N]
//                        [--speed F] [--retention SECONDS] [--data-dir DIR]
//                        [--allow-private-webhooks] [--rate-limit N|off] [--sign-models ID,ID|none]
//                        [--fault-500 R] [--fault-429 R] [--fault-reset R] [--fault-truncate R]
//                        [--fault-slow MS] [--fault-job-fail R] [--fault-seed N]
// It prints `simulator listening on http://HOST:PORT` and `api key: KEY` once ready and
// stops cleanly on SIGINT or SIGTERM.
import { parseCli, USAGE, UsageError } from './cli-options'
import { startSimulator, type SimulatorOptions } from './index'

async function main(): Promise<void> {
  let options: SimulatorOptions
  try {
    options = parseCli(process.argv.slice(2))
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    if (message) process.stderr.write(`${message}\n`)
    process.stderr.write(`${USAGE}\n`)
    process.exit(err instanceof UsageError && message === '' ? 0 : 2)
  }
  const sim = await startSimulator(options)
  process.stdout.write(`simulator listening on ${sim.url}\napi key: ${sim.apiKey}\n`)
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    process.stderr.write(`${signal}: stopping\n`)
    sim.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`error while stopping: ${String(err)}\n`)
        process.exit(1)
      }
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((err: unknown) => {
  process.stderr.write(`simulator failed to start: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
