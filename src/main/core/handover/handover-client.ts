// The command line's side of the handover: it finds the holder of a data folder through
// the door file, checks the address is this user's, sends one request with the token and
// reads the holder's lines, each checked against the protocol's schemas. What comes back
// says which of five things happened, so the command line can tell a script the truth.
import { connect } from 'node:net'
import { ANSWER_SCHEMAS, HANDOVER_VERSION, handoverLineSchema, type AnswerOf, type CommandRequest, type HandoverCommand, type Refusal } from '../../../shared/app/handover'
import { checkAddress } from './handover-address'
import { readDoor } from './door-file'
import type { WorkNews } from './holder-commands'
import { LineSplitter } from './line-splitter'

/** The longest line a holder's answer may be (a repair's report, say). */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024
/** How long the holder has to accept a request before it counts as not answering. */
const ACCEPT_WAIT_MS = 10_000

export type HolderReply<C extends HandoverCommand> =
  /** Nobody serves the folder: no door file, or nothing listening at its address. */
  | { kind: 'absent' }
  /** Something took the connection but did not accept the request in time. */
  | { kind: 'silent' }
  | { kind: 'refused'; refusal: Refusal }
  /** Accepted, then the connection ended (or said something unreadable) before the answer. */
  | { kind: 'cut'; pid: number; why: string }
  | { kind: 'answered'; pid: number; answer: AnswerOf<C> }

export interface AskOptions {
  /** The holder took the request; its process id. */
  onAccepted?: (pid: number) => void
  onNews?: (news: WorkNews) => void
  acceptWaitMs?: number
  /** How long the whole exchange may take once accepted (default: as long as the work takes). */
  answerWaitMs?: number
  /** Aborting it drops the connection (the holder stops the work if it can: an import). */
  signal?: AbortSignal
}

const UNREADABLE = 'the holder answered with a line this version cannot read'
const ENDED = 'the connection ended before the answer'
const STOPPED = 'stopped here before the answer'
const NO_ANSWER = 'no answer by the time it was due'

/** Sends `request` to whoever holds `dir`, and says how it went. */
export async function askHolder<C extends HandoverCommand>(dir: string, request: CommandRequest<C>, opts: AskOptions = {}): Promise<HolderReply<C>> {
  const door = await readDoor(dir)
  if (!door) return { kind: 'absent' }
  const trusted = await checkAddress(dir, door.address).then(() => true, () => false)
  if (!trusted) return { kind: 'absent' }
  const socket = connect(door.address)
  return new Promise<HolderReply<C>>((resolve) => {
    let pid: number | null = null
    let settled = false
    const done = (reply: HolderReply<C>) => {
      if (settled) return
      settled = true
      clearTimeout(acceptTimer)
      clearTimeout(answerTimer)
      opts.signal?.removeEventListener('abort', onAbort)
      socket.destroy()
      resolve(reply)
    }
    const acceptTimer = setTimeout(() => done({ kind: 'silent' }), opts.acceptWaitMs ?? ACCEPT_WAIT_MS)
    let answerTimer: NodeJS.Timeout | undefined
    const onAbort = () => done(pid === null ? { kind: 'silent' } : { kind: 'cut', pid, why: STOPPED })
    opts.signal?.addEventListener('abort', onAbort, { once: true })
    socket.on('error', () => undefined)
    socket.once('connect', () => socket.write(JSON.stringify({ v: HANDOVER_VERSION, ...request, token: door.token }) + '\n'))
    socket.once('close', () => done(pid === null ? { kind: 'absent' } : { kind: 'cut', pid, why: ENDED }))
    const splitter = new LineSplitter(MAX_ANSWER_BYTES)
    const lost = (why: string): HolderReply<C> => (pid === null ? { kind: 'silent' } : { kind: 'cut', pid, why })
    socket.on('data', (chunk: Buffer) => {
      const lines = splitter.push(chunk)
      if (lines === 'too_long') return done(lost(UNREADABLE))
      for (const text of lines) {
        const line = readLine(request.command as C, text, opts)
        if (line.t === 'accepted') {
          pid = line.pid
          clearTimeout(acceptTimer)
          if (opts.answerWaitMs !== undefined) answerTimer = setTimeout(() => done(lost(NO_ANSWER)), opts.answerWaitMs)
          opts.onAccepted?.(pid)
        } else if (line.t === 'refused') return done({ kind: 'refused', refusal: line.refusal })
        else if (line.t === 'answer') return done(pid === null ? lost(UNREADABLE) : { kind: 'answered', pid, answer: line.answer })
        else if (line.t === 'unreadable') return done(lost(UNREADABLE))
      }
    })
  })
}

type ReadLine<C extends HandoverCommand> =
  | { t: 'accepted'; pid: number }
  | { t: 'refused'; refusal: Refusal }
  | { t: 'answer'; answer: AnswerOf<C> }
  | { t: 'news' }
  | { t: 'unreadable' }

/** One line of the holder's, checked against the protocol (news is handed on as it comes). */
function readLine<C extends HandoverCommand>(command: C, text: string, opts: AskOptions): ReadLine<C> {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { t: 'unreadable' }
  }
  const parsed = handoverLineSchema.safeParse(raw)
  if (!parsed.success) return { t: 'unreadable' }
  const line = parsed.data
  switch (line.type) {
    case 'accepted':
      return { t: 'accepted', pid: line.pid }
    case 'refused':
      return { t: 'refused', refusal: line.refusal }
    case 'answer': {
      const answer = ANSWER_SCHEMAS[command].safeParse(line.answer)
      return answer.success ? { t: 'answer', answer: answer.data as AnswerOf<C> } : { t: 'unreadable' }
    }
    default: {
      const { v: _v, ...news } = line
      opts.onNews?.(news)
      return { t: 'news' }
    }
  }
}
