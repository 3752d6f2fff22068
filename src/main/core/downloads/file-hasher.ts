// SHA-256 of a file as it is being written, computed on a worker thread.
// Hashing on the main thread costs about as much CPU as receiving the bytes
// does, and halves download throughput on a fast link; on a worker it runs
// beside the download. The worker reads the bytes back from the file (the
// page cache), so the hash is of what is actually on disk, and no buffers
// are copied between threads.
import { Worker } from 'node:worker_threads'

// Plain JavaScript run with `eval`, so no bundler has to know about a
// separate worker file.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads')
const { openSync, readSync, closeSync } = require('node:fs')
const { createHash } = require('node:crypto')
const jobs = new Map()
const buffer = Buffer.allocUnsafe(1 << 20)
function drop(id) {
  const job = jobs.get(id)
  jobs.delete(id)
  if (job) try { closeSync(job.fd) } catch {}
}
parentPort.on('message', (msg) => {
  try {
    if (msg.op === 'open') {
      jobs.set(msg.id, { fd: openSync(msg.path, 'r'), hash: createHash('sha256'), pos: 0 })
      return
    }
    const job = jobs.get(msg.id)
    if (!job) return
    if (msg.op === 'cancel') return drop(msg.id)
    while (job.pos < msg.upTo) {
      const n = readSync(job.fd, buffer, 0, Math.min(buffer.length, msg.upTo - job.pos), job.pos)
      if (n === 0) throw new Error('file ended at ' + job.pos + ' of ' + msg.upTo + ' bytes')
      job.hash.update(buffer.subarray(0, n))
      job.pos += n
    }
    if (msg.op === 'digest') {
      drop(msg.id)
      parentPort.postMessage({ id: msg.id, digest: job.hash.digest('hex') })
    }
  } catch (err) {
    drop(msg.id)
    parentPort.postMessage({ id: msg.id, error: String((err && err.message) || err) })
  }
})
`

interface Job {
  failure: Error | null
  waiter: { resolve: (digest: string) => void; reject: (err: Error) => void } | null
}

type Reply = { id: number; digest: string } | { id: number; error: string }

class HashWorker {
  private worker: Worker | null = null
  private readonly jobs = new Map<number, Job>()
  private nextId = 1

  start(path: string): FileHash {
    const id = this.nextId++
    this.jobs.set(id, { failure: null, waiter: null })
    this.post({ op: 'open', id, path })
    return new FileHash(this, id)
  }

  post(message: { op: string; id: number; path?: string; upTo?: number }): void {
    const worker = this.ensureWorker()
    worker.postMessage(message)
    // Only keep the process alive while some hash is still wanted.
    if (this.jobs.size > 0) worker.ref()
    else worker.unref()
  }

  wait(id: number): Promise<string> {
    const job = this.jobs.get(id)
    if (job === undefined) return Promise.reject(new Error('hash job is finished'))
    if (job.failure !== null) {
      this.end(id)
      return Promise.reject(job.failure)
    }
    return new Promise((resolve, reject) => (job.waiter = { resolve, reject }))
  }

  end(id: number): void {
    this.jobs.delete(id)
    if (this.jobs.size === 0) this.worker?.unref()
  }

  private ensureWorker(): Worker {
    if (this.worker !== null) return this.worker
    const worker = new Worker(WORKER_SOURCE, { eval: true })
    worker.on('message', (reply: Reply) => this.onReply(reply))
    const fail = (err: Error): void => {
      if (this.worker === worker) this.worker = null
      for (const [id, job] of this.jobs) {
        job.failure = err
        if (job.waiter !== null) {
          job.waiter.reject(err)
          this.end(id)
        }
      }
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`hash worker exited with code ${code}`)))
    this.worker = worker
    return worker
  }

  private onReply(reply: Reply): void {
    const job = this.jobs.get(reply.id)
    if (job === undefined) return
    const failure = 'error' in reply ? new Error(`hashing failed: ${reply.error}`) : null
    if (job.waiter === null) {
      // An error before anyone waits is kept for the digest() call.
      job.failure = failure
      return
    }
    this.end(reply.id)
    if ('digest' in reply) job.waiter.resolve(reply.digest)
    else job.waiter.reject(failure ?? new Error('hashing failed'))
  }
}

/** The running hash of one file; feed it the length written so far. */
export class FileHash {
  constructor(
    private readonly owner: HashWorker,
    private readonly id: number
  ) {}

  /** The first `upTo` bytes of the file are written and may be hashed. */
  advance(upTo: number): void {
    this.owner.post({ op: 'advance', id: this.id, upTo })
  }

  /** Hex SHA-256 of the first `upTo` bytes; ends the job. */
  digest(upTo: number): Promise<string> {
    const result = this.owner.wait(this.id)
    this.owner.post({ op: 'digest', id: this.id, upTo })
    return result
  }

  cancel(): void {
    this.owner.post({ op: 'cancel', id: this.id })
    this.owner.end(this.id)
  }
}

const shared = new HashWorker()

/** Starts hashing `path` from byte 0 as it grows. */
export function hashFileAsWritten(path: string): FileHash {
  return shared.start(path)
}
