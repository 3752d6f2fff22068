// Command-line parsing: global options, then a command and its options.
import { LANGUAGE_NAMES, LANGUAGES } from '../../shared/i18n/languages'
import { tm } from '../core/i18n/main-i18n'
import { exitCodesHelp } from './exit-codes'
import { helpEntry, wrapText } from './wrap-text'

export interface ParsedArgs {
  command: string | undefined
  /** Each option's value (the last, for one given more than once). */
  options: Record<string, string | boolean>
  /** Every value of each option that may be given more than once, in order. */
  lists: Record<string, string[]>
  rest: string[]
}

const FLAGS = new Set(['json', 'help', 'api-key-stdin', 'yes', 'favorites'])
/** Options that may be given more than once (`--tag a --tag b`). */
const REPEATABLE = new Set(['tag'])

export function parseArgs(argv: string[]): ParsedArgs {
  const options: Record<string, string | boolean> = {}
  const lists: Record<string, string[]> = {}
  const rest: string[] = []
  const set = (name: string, value: string) => {
    options[name] = value
    if (REPEATABLE.has(name)) (lists[name] ??= []).push(value)
  }
  let command: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=')
      const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2)
      if (eq > 0) set(name, arg.slice(eq + 1))
      else if (FLAGS.has(name)) options[name] = true
      else {
        const value = argv[i + 1]
        if (value === undefined) throw new UsageError(tm('cli:args.needsValue', { name }))
        set(name, value)
        i++
      }
    } else if (command === undefined) command = arg
    else rest.push(arg)
  }
  return { command, options, lists, rest }
}

export class UsageError extends Error {}

export function str(options: Record<string, string | boolean>, name: string): string | undefined {
  const v = options[name]
  return typeof v === 'string' ? v : undefined
}

const SYNTAX = 'npm run cli -- [--data-dir DIR] [--base-url URL] [--legacy-base-url URL] <command>'
const KEY_EXAMPLE = `printf '%s' "$KEY" | npm run cli -- --api-key-stdin sync`

/** Each command's syntax (the same in every language) and what it does (in main's language). */
const COMMANDS = [
  ['submit --model M [--prompt P] [--params JSON] [--idempotency-key K] [--yes]', 'cli:usage.submit'],
  ['sync [--timeout S]', 'cli:usage.sync'],
  ['limits [--daily N] [--monthly N] [--ask-above N]', 'cli:usage.limits'],
  ['ls [--json] [--search TEXT] [--tag T]... [--favorites]', 'cli:usage.ls'],
  ['repair', 'cli:usage.repair'],
  ['serve [--port P]', 'cli:usage.serve'],
  ['import DIR', 'cli:usage.import']
] as const

/** --help: the commands, where the key comes from, and the exit codes, in main's language. */
export function usage(): string {
  const languages = LANGUAGES.map((l) => `${l} (${LANGUAGE_NAMES[l]})`).join(', ')
  return [
    tm('cli:usage.line', { syntax: SYNTAX }),
    '',
    tm('cli:usage.commands'),
    ...COMMANDS.flatMap(([syntax, key]) => helpEntry(syntax, tm(key), 22)),
    '',
    ...wrapText(tm('cli:usage.key'), 80),
    `  ${KEY_EXAMPLE}`,
    ...wrapText(tm('cli:usage.keyArgument'), 80),
    ...wrapText(tm('cli:usage.webhooks'), 80),
    ...wrapText(tm('cli:usage.language', { languages }), 80),
    '',
    ...wrapText(tm('cli:usage.handover'), 80),
    '',
    exitCodesHelp()
  ].join('\n')
}
