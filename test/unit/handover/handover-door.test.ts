// The door a holder of a data folder opens for the command line: an owner-only socket and
// a token in an owner-only file; whatever opens the socket is a stranger until it shows
// the token, and nothing it sends (too long, not JSON, the prototype's names, unknown
// commands, other versions) gets past the check or stops the door from serving the next.
import { connect, createServer } from 'node:net'
import { chmod, mkdir, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { HandoverDoor } from '../../../src/main/core/handover/handover-door'
import { askHolder } from '../../../src/main/core/handover/handover-client'
import { doorFileOf, readDoor } from '../../../src/main/core/handover/door-file'
import { HandoverRefusal, type HolderCommands } from '../../../src/main/core/handover/holder-commands'
import { cleanupAfterEach } from '../support/cleanup'

const cleanup = cleanupAfterEach()
const unixOnly = process.platform === 'win32' ? it.skip : it

/** Commands that answer at once; `submit` is a spy, so a test sees whether a request got through. */
function fakeCommands(): HolderCommands & { submit: ReturnType<typeof vi.fn> } {
  return {
    submit: vi.fn(async () => ({ outcome: 'sent' as const, localId: 'l1', jobId: 'job-1', again: false })),
    repair: async () => ({ checked: 3, lines: [], indexCheck: null })
  }
}

async function openDoor(dir: string, commands: HolderCommands, extra: Partial<ConstructorParameters<typeof HandoverDoor>[0]> = {}): Promise<HandoverDoor> {
  await mkdir(dir, { recursive: true })
  const notices: string[] = []
  const door = new HandoverDoor({ dir, commands: () => commands, notice: (m) => notices.push(m), ...extra })
  await door.open()
  cleanup.defer(() => door.close())
  expect(notices).toEqual([])
  return door
}

/** Sends raw bytes to the folder's door and reads every line back until the holder hangs up. */
async function raw(dir: string, payload: string | Buffer): Promise<Record<string, unknown>[]> {
  const door = (await readDoor(dir))!
  const socket = connect(door.address)
  socket.on('error', () => undefined)
  let text = ''
  socket.on('data', (c: Buffer) => (text += c.toString()))
  socket.write(payload)
  await new Promise((resolve) => socket.once('close', resolve))
  return text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>)
}

const refusalOf = (lines: Record<string, unknown>[]) => (lines.at(-1) as { refusal?: { code: string; message: string } }).refusal

describe('the handover door', () => {
  unixOnly('listens on a socket file only its owner can open, with its token in an owner-only file', async () => {
    const dir = join(await cleanup.tempDir('door-'), 'live')
    await openDoor(dir, fakeCommands())
    const door = (await readDoor(dir))!
    expect(door.address).toBe(join(dir, 'cli.sock'))
    expect((await stat(door.address)).mode & 0o777).toBe(0o600)
    expect((await stat(doorFileOf(dir))).mode & 0o777).toBe(0o600)
    expect(door.token.length).toBeGreaterThanOrEqual(43)
    expect(door.pid).toBe(process.pid)
    const reply = await askHolder<'repair'>(dir, { command: 'repair' })
    expect(reply).toEqual({ kind: 'answered', pid: process.pid, answer: { checked: 3, lines: [], indexCheck: null } })
  })

  unixOnly('puts the socket in the user\'s private runtime folder when the data folder\'s path is too long for one', async () => {
    const dir = join(await cleanup.tempDir('door-'), 'a-data-folder-whose-path-is-longer-than-a-unix-socket-address-may-be-on-macos-or-linux', 'live')
    expect(Buffer.byteLength(join(dir, 'cli.sock'))).toBeGreaterThan(108)
    await openDoor(dir, fakeCommands())
    const { address } = (await readDoor(dir))!
    expect(address.startsWith(dir)).toBe(false)
    expect((await stat(address)).mode & 0o777).toBe(0o600)
    expect((await stat(dirname(address))).mode & 0o077).toBe(0)
    expect((await askHolder<'repair'>(dir, { command: 'repair' })).kind).toBe('answered')
  })

  it('refuses a request without the folder\'s token, and does nothing', async () => {
    const dir = await cleanup.tempDir('door-')
    const commands = fakeCommands()
    await openDoor(dir, commands)
    const door = (await readDoor(dir))!
    const request = { command: 'submit', request: { model: 'i1-1' }, idempotencyKey: 'k1', confirmed: false }
    for (const token of ['x'.repeat(door.token.length), door.token.slice(1), '', 42]) {
      const lines = await raw(dir, JSON.stringify({ v: 1, token, ...request }) + '\n')
      expect(lines).toHaveLength(1)
      expect(refusalOf(lines)?.code).toBe('unauthorized')
    }
    // A door file whose token was changed: the command line is refused the same way.
    await writeFile(doorFileOf(dir), JSON.stringify({ ...door, token: 'y'.repeat(43) }))
    const reply = await askHolder<'submit'>(dir, { command: 'submit', request: { model: 'i1-1' }, idempotencyKey: 'k1', confirmed: false })
    expect(reply.kind === 'refused' && reply.refusal.code).toBe('unauthorized')
    expect(commands.submit).not.toHaveBeenCalled()
  })

  it('refuses hostile requests with a clear error and goes on serving', async () => {
    const dir = await cleanup.tempDir('door-')
    const commands = fakeCommands()
    await openDoor(dir, commands, { requestWaitMs: 500 })
    const { token } = (await readDoor(dir))!
    const t = JSON.stringify(token)
    const cases: [string | Buffer, string, RegExp][] = [
      ['x'.repeat(70_000), 'too_large', /longer than 64 KiB/],
      [`{"v":1,"token":${t},"command":"repair"` + 'x'.repeat(70_000) + '\n', 'too_large', /longer than 64 KiB/],
      ['{not json\n', 'malformed', /not JSON/],
      ['[1,2,3]\n', 'malformed', /one JSON object/],
      ['null\n', 'malformed', /one JSON object/],
      [Buffer.from([0xff, 0xfe, 0x00, 0x0a]), 'malformed', /not JSON/],
      [`{"v":1,"token":${t},"command":"submit","request":{"__proto__":{"polluted":true}},"idempotencyKey":"k"}\n`, 'invalid_input', /request\.__proto__: this name is not allowed/],
      [`{"__proto__":{"polluted":true},"v":1,"token":${t},"command":"repair"}\n`, 'invalid_input', /__proto__: this name is not allowed/],
      [`{"v":1,"token":${t},"command":"constructor"}\n`, 'unknown_command', /Unknown command “constructor”: a holder takes submit, sync, import, repair, limits/],
      [`{"v":1,"token":${t},"command":"rm -rf /"}\n`, 'unknown_command', /Unknown command “rm -rf \/”/],
      [`{"v":2,"token":${t},"command":"repair"}\n`, 'unsupported_version', /version 1 .* request was version 2/],
      [`{"v":1,"token":${t},"command":"sync","timeoutMs":"600"}\n`, 'invalid_input', /^timeoutMs: /],
      [`{"v":1,"token":${t},"command":"submit","request":{"model":"i1-1"}}\n`, 'invalid_input', /^idempotencyKey: /],
      [`{"v":1,"token":${t},"command":"submit","request":{"model":"i1-1"},"idempotencyKey":"k","confirmed":"yes"}\n`, 'invalid_input', /^confirmed: /],
      [`{"v":1,"token":${t},"command":"limits","set":{"dailyCreditLimit":-5}}\n`, 'invalid_input', /^set\.dailyCreditLimit: /],
      [`{"v":1,"token":${t},"command":"limits","set":{"libraryDir":"/elsewhere"}}\n`, 'invalid_input', /libraryDir/],
      [`{"v":1,"token":${t},"command":"repair","also":"rm"}\n`, 'invalid_input', /also/],
      ['', 'malformed', /No request arrived within/]
    ]
    for (const [payload, code, message] of cases) {
      const refusal = refusalOf(await raw(dir, payload))
      expect(refusal?.code, String(payload).slice(0, 80)).toBe(code)
      expect(refusal?.message).toMatch(message)
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(commands.submit).not.toHaveBeenCalled()
    // Still serving, and a request's own line is all it reads.
    const lines = await raw(dir, `{"v":1,"token":${t},"command":"repair"}\n`)
    expect(lines.map((l) => l.type)).toEqual(['accepted', 'answer'])
  })

  it('does not do a request whose command line has already gone (it gave up waiting)', async () => {
    const dir = await cleanup.tempDir('door-')
    const commands = fakeCommands()
    await openDoor(dir, commands)
    const { address, token } = (await readDoor(dir))!
    const socket = connect(address)
    socket.on('error', () => undefined)
    await new Promise((resolve) => socket.once('connect', resolve))
    // As the command line leaves when the holder is too slow: the line sent, then the connection dropped.
    socket.write(JSON.stringify({ v: 1, token, command: 'submit', request: { model: 'i1-1' }, idempotencyKey: 'k-gone', confirmed: false }) + '\n')
    socket.destroy()
    // The door goes on serving, and only what was asked by someone still there is done.
    expect((await askHolder<'repair'>(dir, { command: 'repair' })).kind).toBe('answered')
    expect(commands.submit).not.toHaveBeenCalled()
  })

  it('closes when its holder lets the folder go: requests under way are told to stop, the socket and door file go', async () => {
    const dir = await cleanup.tempDir('door-')
    let started: () => void = () => undefined
    const running = new Promise<void>((resolve) => (started = resolve))
    const commands: HolderCommands = {
      sync: (_request, stop) => {
        started()
        return new Promise((_resolve, reject) => stop.addEventListener('abort', () => reject(new HandoverRefusal('unavailable', 'The holder is closing.'))))
      }
    }
    const door = await openDoor(dir, commands)
    const { address } = (await readDoor(dir))!
    const reply = askHolder<'sync'>(dir, { command: 'sync', timeoutMs: 600_000 })
    await running
    await door.close()
    expect(await reply).toEqual({ kind: 'refused', refusal: { code: 'unavailable', message: 'The holder is closing.', pid: process.pid } })
    expect(await readDoor(dir)).toBeNull()
    if (process.platform !== 'win32') await expect(stat(address)).rejects.toThrow()
    expect((await askHolder<'repair'>(dir, { command: 'repair' })).kind).toBe('absent')
  })

  it('refuses a command its holder does not run, naming the holder', async () => {
    const dir = await cleanup.tempDir('door-')
    await openDoor(dir, {}, { holder: 'an import from the command line' })
    const reply = await askHolder<'sync'>(dir, { command: 'sync', timeoutMs: 1000 })
    expect(reply.kind === 'refused' && reply.refusal).toMatchObject({ code: 'unavailable', message: expect.stringContaining('(an import from the command line) does not run sync') })
  })

  unixOnly('never sends the token to a socket in a folder another user could write into', async () => {
    const dir = await cleanup.tempDir('door-')
    const open = join(await cleanup.tempDir('door-open-'), 'shared')
    await mkdir(open)
    await chmod(open, 0o777)
    const heard: string[] = []
    const rogue = createServer((s) => s.on('data', (c: Buffer) => heard.push(c.toString())))
    const address = join(open, 's.sock')
    await new Promise<void>((resolve) => rogue.listen(address, resolve))
    cleanup.defer(() => new Promise((resolve) => rogue.close(resolve)))
    await writeFile(doorFileOf(dir), JSON.stringify({ v: 1, pid: process.pid, address, token: 'z'.repeat(43) }), { mode: 0o600 })
    expect((await askHolder<'repair'>(dir, { command: 'repair' })).kind).toBe('absent')
    expect(heard).toEqual([])
  })
})
