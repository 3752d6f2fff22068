// Command-line parsing: global options, then a command and its options.
import { EXIT_CODES_HELP } from './exit-codes'

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
        if (value === undefined) throw new UsageError(`--${name} needs a value`)
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

export const USAGE = `Usage: npm run cli -- [--data-dir DIR] [--base-url URL] [--legacy-base-url URL] <command>

Commands:
  submit --model M [--prompt P] [--params JSON] [--idempotency-key K] [--yes]
                      journal the submission, send it, print the job id; held to the
                      spending limits (--yes: send even above the ask-first threshold)
  sync [--timeout S]  resume the journal, rescue, track and save until nothing is left
  limits [--daily N] [--monthly N] [--ask-above N]
                      show the data folder's spending limits (the app's too) and what is
                      used of them today and this month, or set them (N credits, or off to
                      clear one); no key needed
  ls [--json] [--search TEXT] [--tag T]... [--favorites]
                      the library on disk: one entry per job with its files, favourite,
                      boards, tags, origin and source (offline, no key; from the entry files
                      when the index is unusable); --search: every word in the prompt or
                      model, --tag: carries every tag given, --favorites: favourites only
  repair              check the library's index (SQLite's own check) and every job folder,
                      rebuild what is damaged from the files on disk, keep damaged files
                      aside, and print what was found (offline, no key, sends nothing)
  serve [--port P]    serve the app to a browser on 127.0.0.1 (demo mode without a key);
                      without P (or with 0), on the port this data folder had last time
  import DIR          copy the pictures of DIR (and its subfolders) into the library with
                      the settings A1111, ComfyUI, InvokeAI, NovelAI, Fooocus, SwarmUI or
                      Midjourney wrote into them (offline, no key); the originals are untouched

The API key comes from MEDIAGEN_API_KEY, or from standard input with --api-key-stdin
(printf '%s' "$KEY" | npm run cli -- --api-key-stdin sync). --api-key KEY works too, but
other users of the machine can read it in \`ps\` while the command runs.
--webhooks off|local|<public URL> chooses how job news arrives (default off: polling).

Beside the running app (or \`serve\`, or a sync) on the same --data-dir, submit (with
its --yes), sync, import, repair and a change of limits are handed to it and done by it,
with its own key; ls and showing the limits read the disk. A folder held by a process
that does not take them exits 10: wait, then run it again.

${EXIT_CODES_HELP}`
