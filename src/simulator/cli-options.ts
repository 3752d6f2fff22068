// The demo service's command line, read into SimulatorOptions. Kept apart from `cli.ts`
// (which starts the service) so it can be checked without starting anything.
import { parseArgs } from 'node:util'
import type { FaultPatch, SimulatorOptions } from './index'
import { getModel } from '../shared/api'
import { rateLimitOf } from './rate-limit'

export const USAGE = `usage: npm run simulator -- [--port 8787] [--host 127.0.0.1] [--api-key KEY] [--credits N]
       [--speed F] [--retention SECONDS] [--data-dir DIR] [--allow-private-webhooks]
       [--rate-limit N|off] [--sign-models ID,ID|none]
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

/** A command line that cannot be used; an empty message means help was asked for. */
export class UsageError extends Error {}

function number(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (value.trim() === '' || !Number.isFinite(n)) throw new UsageError(`--${flag} needs a number (got "${value}")`)
  return n
}

/** `--rate-limit N|off`: N requests per second per caller, or no limit at all. */
function rateLimit(value: string | undefined): SimulatorOptions['rateLimit'] {
  if (value === undefined) return undefined
  if (value.trim().toLowerCase() === 'off') return false
  const n = Number(value)
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) {
    throw new UsageError(`--rate-limit needs a positive number of requests per second, or "off" (got "${value}")`)
  }
  return rateLimitOf(n)
}

/** `--sign-models i3-1,i6-1|none`: the models whose pictures carry Content Credentials. */
function signModels(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined
  if (value.trim().toLowerCase() === 'none') return []
  const ids = value.split(',').map((id) => id.trim()).filter((id) => id !== '')
  const unknown = ids.filter((id) => getModel(id) === undefined)
  if (ids.length === 0 || unknown.length > 0) {
    throw new UsageError(`--sign-models needs model ids separated by commas, or "none" (${ids.length === 0 ? `got "${value}"` : `no such model: ${unknown.join(', ')}`})`)
  }
  return ids
}

export function parseCli(argv: string[]): SimulatorOptions {
  const stringFlags = ['port', 'host', 'api-key', 'credits', 'speed', 'retention', 'data-dir', 'rate-limit', 'sign-models', ...Object.keys(FAULT_FLAGS)]
  let values: Record<string, string | boolean | undefined>
  try {
    values = parseArgs({
      args: argv,
      options: {
        ...Object.fromEntries(stringFlags.map((f) => [f, { type: 'string' as const }])),
        'allow-private-webhooks': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' }
      },
      strict: true,
      allowPositionals: false
    }).values
  } catch (err) {
    // parseArgs names the flag ("Option '--rate-limit <value>' argument missing").
    throw new UsageError(err instanceof Error ? err.message : String(err))
  }
  const str = (flag: string) => {
    const v = values[flag]
    return typeof v === 'string' ? v : undefined
  }
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
  const limit = rateLimit(str('rate-limit'))
  if (limit !== undefined) options.rateLimit = limit
  const signing = signModels(str('sign-models'))
  if (signing !== undefined) options.signModels = signing
  return options
}
