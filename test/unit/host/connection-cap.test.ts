// The host's socket cap decides which socket goes when a new one arrives: the one idle the
// longest, never one with a request in progress; with every socket busy, the newcomer.
import { createServer, request, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { capConnections } from '../../../src/main/host/admission'

let server: Server | undefined
const sockets: Socket[] = []
const held: ServerResponse[] = []

afterEach(async () => {
  for (const res of held.splice(0)) res.end()
  for (const s of sockets.splice(0)) s.destroy()
  server?.closeAllConnections()
  await new Promise((ok) => server?.close(ok) ?? ok(undefined))
  server = undefined
})

/** A server capped at `max` sockets that holds every `/hold` request open until the test ends. */
async function startCapped(max: number): Promise<{ port: number; requests: () => number }> {
  let count = 0
  server = createServer((req, res) => {
    count++
    if (req.url === '/hold') return void held.push(res)
    res.end('ok')
  })
  capConnections(server, max)
  await new Promise<void>((ok) => server!.listen(0, '127.0.0.1', ok))
  return { port: (server.address() as AddressInfo).port, requests: () => count }
}

/** A connected socket whose closing is recorded. */
async function open(port: number): Promise<{ socket: Socket; closed: () => boolean }> {
  const socket = connect(port, '127.0.0.1')
  let closed = false
  socket.on('error', () => undefined)
  socket.once('close', () => (closed = true))
  await new Promise((ok) => socket.once('connect', ok))
  sockets.push(socket)
  return { socket, closed: () => closed }
}

/** Sends a request on its own socket and leaves it in progress (the server holds it). */
async function holdOne(port: number, requests: () => number): Promise<() => boolean> {
  const before = requests()
  let closed = false
  const req = request({ host: '127.0.0.1', port, path: '/hold', agent: false })
  req.on('error', () => undefined)
  req.on('socket', (s) => s.once('close', () => (closed = true)))
  req.end()
  await vi.waitFor(() => expect(requests()).toBe(before + 1), { timeout: 10_000, interval: 10 })
  return () => closed
}

describe('connection cap', () => {
  it('closes the longest-idle socket for a new one and keeps a socket with a request in progress', async () => {
    const { port, requests } = await startCapped(3)
    const busyClosed = await holdOne(port, requests)
    const first = await open(port)
    const second = await open(port)
    const third = await open(port)
    await vi.waitFor(() => expect(first.closed()).toBe(true), { timeout: 10_000, interval: 10 })
    const fourth = await open(port)
    await vi.waitFor(() => expect(second.closed()).toBe(true), { timeout: 10_000, interval: 10 })
    // The newest idle socket still gets its answer; the busy one was never the one to go.
    third.socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)
    const answer = await new Promise<string>((ok) => {
      let text = ''
      third.socket.on('data', (d: Buffer) => (text += d.toString()))
      third.socket.once('end', () => ok(text))
    })
    expect(answer).toMatch(/^HTTP\/1\.1 200/)
    expect(busyClosed()).toBe(false)
    expect(fourth.closed()).toBe(false)
  })

  it('refuses a new socket when every socket has a request in progress', async () => {
    const { port, requests } = await startCapped(2)
    const busy = [await holdOne(port, requests), await holdOne(port, requests)]
    const late = await open(port)
    await vi.waitFor(() => expect(late.closed()).toBe(true), { timeout: 10_000, interval: 10 })
    expect(busy.map((closed) => closed())).toEqual([false, false])
  })
})
