// Which options each command takes. A misspelt option is an error, never ignored: a
// `--timout 30` that silently meant the default 600 s would mislead the script using it.
import { UsageError } from './args'
import { tm } from '../core/i18n/main-i18n'

/** Options every command takes (before or after the command's name). */
const GLOBAL_OPTIONS = ['data-dir', 'base-url', 'legacy-base-url', 'api-key', 'api-key-stdin', 'webhooks', 'help']

/** Each command's own options. A new command adds its line here. */
const COMMAND_OPTIONS: Record<string, string[]> = {
  submit: ['model', 'prompt', 'params', 'idempotency-key', 'yes'],
  sync: ['timeout'],
  ls: ['json', 'search', 'tag', 'favorites'],
  limits: ['daily', 'monthly', 'ask-above'],
  repair: [],
  serve: ['port'],
  import: []
}

/** Every command the command line takes (--help lists each). */
export const COMMAND_NAMES = Object.keys(COMMAND_OPTIONS)

/** What a command takes besides options, by name (each is required). */
const COMMAND_ARGUMENTS: Record<string, string[]> = {
  import: ['DIR']
}

/** Throws a one-line UsageError for an unknown command, an unknown option or a stray argument. */
export function checkCommandLine(command: string, options: Record<string, string | boolean>, rest: string[]): void {
  const own = COMMAND_OPTIONS[command]
  if (!own) throw new UsageError(tm('cli:args.unknownCommand', { command, commands: COMMAND_NAMES.join(', ') }))
  const known = new Set([...GLOBAL_OPTIONS, ...own])
  for (const name of Object.keys(options)) {
    if (known.has(name)) continue
    const near = [...known].find((k) => closeTo(name, k))
    const takes = own.map((o) => `--${o}`).join(', ') || tm('cli:args.noOptions')
    throw new UsageError(near ? tm('cli:args.unknownOptionNear', { name, near, command, options: takes }) : tm('cli:args.unknownOption', { name, command, options: takes }))
  }
  const args = COMMAND_ARGUMENTS[command] ?? []
  if (rest.length < args.length) throw new UsageError(tm('cli:args.needsArgument', { command, args: args.slice(rest.length).join(' '), example: `npm run cli -- ${command} ${args.join(' ')}` }))
  if (rest.length > args.length) throw new UsageError(tm('cli:args.unexpectedArgument', { arg: rest[args.length]!, after: [command, ...rest.slice(0, args.length)].join(' ') }))
}

/** One letter added, dropped, changed or two swapped: the usual typos. */
function closeTo(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false
  let i = 0
  while (i < a.length && a[i] === b[i]) i++
  const tailA = a.slice(i)
  const tailB = b.slice(i)
  return tailA.slice(1) === tailB.slice(1) || tailA.slice(1) === tailB || tailA === tailB.slice(1) ||
    (tailA.length > 1 && tailA[0] === tailB[1] && tailA[1] === tailB[0] && tailA.slice(2) === tailB.slice(2))
}
