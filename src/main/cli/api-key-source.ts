// Where the command line's API key comes from, safest first: standard input
// (--api-key-stdin), the MEDIAGEN_API_KEY environment variable, then --api-key, which
// every user of the machine can read in `ps` while the command runs.
import { str, UsageError } from './args'
import { apiKeyProblem } from '../../shared/app/api-key'
import { tm } from '../core/i18n/main-i18n'

export const API_KEY_ENV = 'MEDIAGEN_API_KEY'

/** Reads all of standard input: the key, with its trailing newline dropped. */
async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '')
}

export async function apiKeyFrom(options: Record<string, string | boolean>, env: NodeJS.ProcessEnv, stdin: NodeJS.ReadableStream): Promise<string> {
  if (options['api-key-stdin'] && options['api-key'] !== undefined) throw new UsageError(tm('cli:args.keyTwice'))
  if (options['api-key-stdin']) {
    const key = await readStdin(stdin)
    if (!key) throw new UsageError(tm('cli:args.stdinEmpty'))
    return checkedKey(key, '--api-key-stdin')
  }
  const flag = str(options, 'api-key')
  const key = flag ?? env[API_KEY_ENV]
  if (!key) throw new UsageError(tm('cli:args.keyRequired', { variable: API_KEY_ENV }))
  return checkedKey(key, flag !== undefined ? '--api-key' : API_KEY_ENV)
}

/** The key as sent in a header: refused, naming where it came from, unless it is a clean header value. */
function checkedKey(raw: string, source: string): string {
  const problem = apiKeyProblem(raw)
  if (problem) throw new UsageError(`${source}: ${problem}`)
  return raw.trim()
}
