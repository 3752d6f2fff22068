// Runs the real command line as a child process, so exit codes and both output streams
// are what a script would see. Asynchronous: a demo service in the test's own process
// must keep answering meanwhile.
import { spawn } from 'node:child_process'
import { join } from 'node:path'

export const CLI = join(__dirname, '..', '..', '..', 'src', 'main', 'cli', 'index.ts')

export interface CliRun {
  code: number | null
  out: string
  err: string
}

export interface CliOptions {
  /** Environment variables added to (or, when undefined, removed from) the test's own. */
  env?: Record<string, string | undefined>
  /** Written to standard input, which is then closed. */
  stdin?: string
}

export function cliEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  // In English unless a test chooses a language, whatever the machine's locale.
  const env: NodeJS.ProcessEnv = { ...process.env, MEDIAGEN_API_KEY: undefined, LC_ALL: undefined, LC_MESSAGES: undefined, LANG: 'en_US.UTF-8' }
  for (const [k, v] of Object.entries(extra)) env[k] = v
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k]
  return env
}

export function runCli(dataDir: string, args: string[], opts: CliOptions = {}): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--data-dir', dataDir, ...args], { env: cliEnv(opts.env), stdio: ['pipe', 'pipe', 'pipe'] })
  child.stdin.end(opts.stdin ?? '')
  let out = ''
  let err = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr.on('data', (c: Buffer) => (err += c.toString()))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })))
}
