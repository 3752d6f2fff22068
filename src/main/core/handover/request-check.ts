// The door's check of a request line. Whatever can open the socket may send anything, so
// the line is taken apart step by step, and each fault gets its own clear refusal: not
// JSON, not this folder's token (checked before anything else is looked at, in constant
// time), another version of the protocol, a name that reaches an object's prototype, an
// unknown command, a bad field (named).
import { findForbiddenKey } from '../../../shared/app/safe-keys'
import { HANDOVER_COMMANDS, HANDOVER_VERSION, handoverRequestSchema, type HandoverRequest } from '../../../shared/app/handover'
import { tokensMatch } from './door-file'
import { HandoverRefusal } from './holder-commands'
import { tm } from '../i18n/main-i18n'

// In the holder's language, when they are said.
const NOT_JSON = (detail: string) => tm('main:handover.notJson', { detail: detail.replace(/\.+$/, '') })
const NOT_OBJECT = () => tm('main:handover.notObject')
const WRONG_TOKEN = () => tm('main:handover.wrongToken', { file: 'cli-door.json' })
const OTHER_VERSION = (given: string) => tm('main:handover.otherVersion', { version: HANDOVER_VERSION, given })
const FORBIDDEN = (path: string) => tm('main:handover.forbiddenName', { path })
const UNKNOWN = (given: string) => tm('main:handover.unknownCommand', { given, commands: HANDOVER_COMMANDS.join(', ') })

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The request a line holds, or the refusal that says what is wrong with it. */
export function checkRequest(line: string, token: string): HandoverRequest {
  let raw: unknown
  try {
    raw = JSON.parse(line)
  } catch (err) {
    throw new HandoverRefusal('malformed', NOT_JSON((err as Error).message))
  }
  if (!isObject(raw)) throw new HandoverRefusal('malformed', NOT_OBJECT())
  if (typeof raw.token !== 'string' || !tokensMatch(raw.token, token)) throw new HandoverRefusal('unauthorized', WRONG_TOKEN())
  if (raw.v !== HANDOVER_VERSION) throw new HandoverRefusal('unsupported_version', OTHER_VERSION(JSON.stringify(raw.v ?? null)))
  const forbidden = findForbiddenKey(raw)
  if (forbidden) throw new HandoverRefusal('invalid_input', FORBIDDEN(forbidden.join('.')))
  if (!(HANDOVER_COMMANDS as readonly unknown[]).includes(raw.command)) throw new HandoverRefusal('unknown_command', UNKNOWN(String(raw.command).slice(0, 100)))
  const parsed = handoverRequestSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new HandoverRefusal('invalid_input', `${issue.path.join('.') || 'request'}: ${issue.message}`)
  }
  return parsed.data
}
