// The demo service on its own:
//   npm run simulator -- [--port 8787] [--host 127.0.0.1] [--api-key KEY] [--credits N]
//                        [--speed F] [--retention SECONDS] [--data-dir DIR]
//                        [--allow-private-webhooks]
//                        [--fault-500 R] [--fault-429 R] [--fault-reset R] [--fault-truncate R]
//                        [--fault-slow MS] [--fault-job-fail R] [--fault-seed N]
// It prints `simulator listening on http://HOST:PORT` and `api key: KEY` once ready and
// stops cleanly on SIGINT or SIGTERM.
import { parseArgs } from 'node:util'
import { startSimulator, type FaultPatch, type SimulatorOptions } from './index'

const USAGE = `usage: npm run simulator -- [--port 8787] [--host 127.0.0.1] [--api-key KEY] [--credits N]
       [--speed F] [--retention SECONDS] [--data-dir DIR] [--allow-private-webhooks]
       [--fault-500 R] [--fault-429 R] [--fault-reset R] [--fault-truncate R]
       [--fault-slow MS] [--fault-job-fail R] [--fault-seed N]`

const FAULT_FLAGS: Record<string, keyof FaultPatch> = {
  'fault-500': 'error500Rate',
  'fault-429': 'rateLimitRate',
  'fault-reset': 'resetRate',
  'fault-truncate': 'truncateRate',
  'fault-slow': 'slowMs',
  'fault-job-fail': 'jobFailRate',
  'fault-seed': 'seed'
}

class UsageError extends Error {}

function number(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (value.trim() === '' || !Number.isFinite(n)) throw new UsageError(`--${flag} needs a number (got "${value}")`)
  return n
}

function parseCli(argv: string[]): SimulatorOptions {
  const stringFlags = ['port', 'host', 'api-key', 'credits', 'speed', 'retention', 'data-dir', ...Object.keys(FAULT_FLAGS)]
  const { values } = parseArgs({
    args: argv,
    options: {
      ...Object.fromEntries(stringFlags.map((f) => [f, { type: 'string' as const }])),
      'allow-private-webhooks': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' }
    },
    strict: true,
    allowPositionals: false
  })
  const str = (flag: string) => (values as Record<string, string | boolean | undefined>)[flag] as string | undefined
  if (values.help) throw new UsageError('')
  const faults: FaultPatch = {}
  for (const [flag, key] of Object.entries(FAULT_FLAGS)) {
    const n = number(flag, str(flag))
    if (n !== undefined) Object.assign(faults, { [key]: n })
  }
  const options: SimulatorOptions = {
    port: number('port', str('port')) ?? 8787,
    host: str('host') ?? '127.0.0.1',
    allowPrivateWebhooks: values['allow-private-webhooks'] === true,
    faults
  }
  const apiKey = str('api-key')
  if (apiKey !== undefined) options.apiKey = apiKey
  const credits = number('credits', str('credits'))
  if (credits !== undefined) options.credits = credits
  const speed = number('speed', str('speed'))
  if (speed !== undefined) options.speed = speed
  const retention = number('retention', str('retention'))
  if (retention !== undefined) options.retentionSeconds = retention
  const dataDir = str('data-dir')
  if (dataDir !== undefined) options.dataDir = dataDir
  return options
}

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
