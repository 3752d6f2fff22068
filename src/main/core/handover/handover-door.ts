// The holder's side of the handover: while a process holds a data folder it listens on an
// owner-only local socket (handover-address.ts) for the command line's requests, and does
// them with its own engine (holder-commands.ts). One request per connection, one JSON
// line each way: "accepted", news of the work, then one answer or refusal. The door
// never throws and never lets a peer stop it: a request that is malformed, too long,
// without the token or of another version is refused, clearly, and the next one served.
// It opens once the folder's files are open, and closes when the holder lets the folder
// go or loses it; requests under way are told to stop and given a moment to answer.
import { createServer, type Server, type Socket } from 'node:net'
import { chmod, rename, stat, unlink } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { dirname, join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { AppFailure } from '../../../shared/app/app-failure'
import { HANDOVER_VERSION, MAX_REQUEST_BYTES, type HandoverRequest, type LineBody, type Refusal } from '../../../shared/app/handover'
import { chooseAddress } from './handover-address'
import { newToken, removeDoorIfOurs, writeDoor } from './door-file'
import { HandoverRefusal, type HolderCommands, type WorkNews } from './holder-commands'
import { LineSplitter } from './line-splitter'
import { checkRequest } from './request-check'
import { tm } from '../i18n/main-i18n'

/** Connections served at once; more are closed at once (the command line then waits and retries). */
const MAX_CONNECTIONS = 64
/** Bytes a peer may send after its request line (a stray newline, say) before it is cut off. */
const MAX_TRAILING_BYTES = 1024
/** How long requests under way get to answer once the door closes. */
const CLOSE_GRACE_MS = 5000
const MAX_MESSAGE = 16_384

// In the holder's language (the app's, as the user chose it), when they are said.
const NO_REQUEST = (s: number) => tm('main:handover.noRequest', { seconds: s })
const TOO_LONG = () => tm('main:handover.tooLong', { kib: MAX_REQUEST_BYTES / 1024 })
const CLOSING = () => tm('main:handover.closing')
const CANNOT = (command: string, what: string) => tm('main:handover.cannot', { command, what })
const NOT_OPENED = (detail: string) => tm('main:handover.notOpened', { reason: detail.replace(/\.+$/, '') })

export interface HandoverDoorOptions {
  /** The held folder. */
  dir: string
  /** What this holder does for each command (read at each request: the engine behind it may change). */
  commands: () => HolderCommands
  /** What the holder is, for the refusal of a command it does not run ("an import", say). */
  holder?: string
  /** Told when the door cannot be opened; the holder works on, and command lines wait for it. */
  notice?: (message: string) => void
  /** How long a connection may take to send its request. */
  requestWaitMs?: number
}

interface InFlight {
  stop: AbortController
  done: Promise<void>
}

type Outgoing = LineBody

export class HandoverDoor {
  #server: Server | null = null
  #token = ''
  #address = ''
  /** The socket file's inode once in place, so closing never removes a later holder's. */
  #socketIno: number | null = null
  #closing = false
  readonly #connections = new Set<Socket>()
  readonly #inFlight = new Set<InFlight>()

  constructor(private readonly opts: HandoverDoorOptions) {}

  /** Starts serving; a failure is told through `notice`, never thrown. */
  async open(): Promise<void> {
    if (this.#server) return
    this.#closing = false
    try {
      await this.listen()
    } catch (err) {
      this.opts.notice?.(NOT_OPENED((err as Error).message))
      await this.close()
    }
  }

  private async listen(): Promise<void> {
    const { dir } = this.opts
    const address = await chooseAddress(dir)
    this.#token = newToken()
    this.#address = address
    const server = createServer((socket) => this.accept(socket))
    server.maxConnections = MAX_CONNECTIONS
    server.on('error', () => undefined)
    this.#server = server
    if (process.platform === 'win32') {
      await listenOn(server, address)
    } else {
      // Made under a temporary name, closed to others, then put in place: at its address it
      // is never open to anyone else, whatever the umask. The name is no longer than the
      // final one, so it fits wherever the final one does.
      const temp = join(dirname(address), `.h${randomBytes(3).toString('hex')}`)
      await listenOn(server, temp)
      await chmod(temp, 0o600)
      // Over any socket file a holder that died left there (the folder is held now, by this process).
      await rename(temp, address)
      this.#socketIno = (await stat(address)).ino
    }
    await writeDoor(dir, { pid: process.pid, address, token: this.#token })
  }

  /** Stops serving: no new request is taken, those under way are told to stop and get a moment to answer. */
  async close(): Promise<void> {
    this.#closing = true
    const server = this.#server
    this.#server = null
    if (!server) return
    server.close()
    for (const f of this.#inFlight) f.stop.abort()
    const grace = delay(CLOSE_GRACE_MS, undefined, { ref: false })
    await Promise.race([Promise.allSettled([...this.#inFlight].map((f) => f.done)), grace])
    for (const socket of this.#connections) socket.destroy()
    await removeDoorIfOurs(this.opts.dir, this.#token).catch(() => undefined)
    if (this.#socketIno !== null) {
      const ino = await stat(this.#address).then((s) => s.ino, () => null)
      if (ino === this.#socketIno) await unlink(this.#address).catch(() => undefined)
      this.#socketIno = null
    }
  }

  private accept(socket: Socket): void {
    socket.on('error', () => undefined)
    if (this.#closing) return this.finish(socket, { type: 'refused', refusal: this.refusal('unavailable', CLOSING()) })
    this.#connections.add(socket)
    socket.once('close', () => this.#connections.delete(socket))
    const waitMs = this.opts.requestWaitMs ?? 10_000
    socket.setTimeout(waitMs, () => this.finish(socket, { type: 'refused', refusal: this.refusal('malformed', NO_REQUEST(Math.round(waitMs / 1000))) }))
    const splitter = new LineSplitter(MAX_REQUEST_BYTES)
    let taken = false
    let trailing = 0
    socket.on('data', (chunk: Buffer) => {
      if (taken) {
        trailing += chunk.length
        if (trailing > MAX_TRAILING_BYTES) socket.destroy()
        return
      }
      const lines = splitter.push(chunk)
      if (lines === 'too_long') {
        taken = true
        return this.finish(socket, { type: 'refused', refusal: this.refusal('too_large', TOO_LONG()) })
      }
      if (lines.length === 0) return
      taken = true
      socket.setTimeout(0)
      this.track(socket, lines[0]!)
    })
  }

  /** Runs one request, noted as under way until it has answered. */
  private track(socket: Socket, line: string): void {
    const stop = new AbortController()
    const onGone = () => stop.abort()
    socket.once('end', onGone)
    socket.once('close', onGone)
    const entry: InFlight = {
      stop,
      done: this.answer(socket, line, stop.signal).finally(() => {
        this.#inFlight.delete(entry)
        socket.off('end', onGone)
        socket.off('close', onGone)
      })
    }
    this.#inFlight.add(entry)
  }

  private async answer(socket: Socket, line: string, stop: AbortSignal): Promise<void> {
    let request: HandoverRequest
    try {
      request = checkRequest(line, this.#token)
    } catch (err) {
      return this.finish(socket, { type: 'refused', refusal: this.refusalOf(err) })
    }
    // A command line that gave up waiting (this process was too busy to read its request)
    // has closed its end: that end is read in the event loop's next turn, after the line.
    // Its request is then dropped, not done behind its back.
    await nextTurn()
    await nextTurn()
    if (stop.aborted) return
    this.send(socket, { type: 'accepted', pid: process.pid })
    try {
      const answer = await this.run(request, (news) => this.send(socket, news), stop)
      this.finish(socket, { type: 'answer', answer })
    } catch (err) {
      this.finish(socket, { type: 'refused', refusal: this.refusalOf(err) })
    }
  }

  private run(request: HandoverRequest, news: (line: WorkNews) => void, stop: AbortSignal): Promise<unknown> {
    if (this.#closing) throw new HandoverRefusal('unavailable', CLOSING())
    const commands = this.opts.commands()
    const cannot = () => new HandoverRefusal('unavailable', CANNOT(request.command, this.opts.holder ?? `pid ${process.pid}`))
    switch (request.command) {
      case 'submit':
        if (!commands.submit) throw cannot()
        return commands.submit({ command: 'submit', request: request.request, idempotencyKey: request.idempotencyKey, confirmed: request.confirmed })
      case 'sync':
        if (!commands.sync) throw cannot()
        return commands.sync({ command: 'sync', timeoutMs: request.timeoutMs }, stop)
      case 'import':
        if (!commands.import) throw cannot()
        return commands.import({ command: 'import', dir: request.dir }, news, stop)
      case 'repair':
        if (!commands.repair) throw cannot()
        return commands.repair()
      case 'limits':
        if (!commands.limits) throw cannot()
        return commands.limits({ command: 'limits', set: request.set })
    }
  }

  private refusal(code: string, message: string): Refusal {
    return { code, message: message.slice(0, MAX_MESSAGE), pid: process.pid }
  }

  private refusalOf(err: unknown): Refusal {
    if (err instanceof HandoverRefusal && err.spend) return { ...this.refusal(err.code, err.message), spend: err.spend }
    if (err instanceof HandoverRefusal || err instanceof AppFailure) return this.refusal(err.code, err.message)
    return this.refusal('internal', err instanceof Error ? err.message : String(err))
  }

  private send(socket: Socket, line: Outgoing): void {
    if (!socket.destroyed && socket.writable) socket.write(JSON.stringify({ v: HANDOVER_VERSION, ...line }) + '\n')
  }

  /** Sends the last line and closes the connection once it is out. */
  private finish(socket: Socket, line: Outgoing): void {
    this.send(socket, line)
    socket.end()
  }
}

function listenOn(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen({ path, exclusive: true }, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))
