// A TCP pass-through in front of a local server that can be shut and opened again at the
// same address: the service "goes down" and "comes back" without its origin changing (a
// changed origin would make the app forget the key).
import { connect, createServer, type Socket } from 'node:net'

export interface TcpGate {
  url: string
  /** While shut, every connection (open ones included) is dropped at once. */
  shut(): void
  open(): void
  close(): Promise<void>
}

export async function startTcpGate(target: string): Promise<TcpGate> {
  const { hostname, port } = new URL(target)
  const sockets = new Set<Socket>()
  let isOpen = true
  const server = createServer((client) => {
    if (!isOpen) return void client.destroy()
    const upstream = connect(Number(port), hostname)
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('error', () => undefined).on('close', () => {
        sockets.delete(s)
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as { port: number }
  const dropAll = () => {
    for (const s of sockets) s.destroy()
  }
  return {
    url: `http://127.0.0.1:${address.port}`,
    shut: () => {
      isOpen = false
      dropAll()
    },
    open: () => {
      isOpen = true
    },
    close: () => {
      dropAll()
      return new Promise((resolve) => server.close(() => resolve()))
    }
  }
}
