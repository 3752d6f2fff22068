// The job folders compared with what the index knows of them, on a worker thread. At a
// million entries that is a million folder names listed and two million stats: seconds of
// a core, and on the main thread each of them is a moment the page's next request waits.
// The worker does only the file system's part, a step at a time as the pass asks for it,
// so the pass keeps its pace (see pacer) and the thread serving the page stays free:
//  - `list` adds the next names of `files/` to the worker's set of folders not yet seen;
//  - `compare` takes the folder names of a chunk of the index's entries, with the facts
//    the index has for them (or none, to see every folder again), and answers which of
//    them have no folder (unseen) and which folders changed (their facts differ);
//  - `leftovers` answers the folders no entry of the index named (new, or not indexed).
// The index itself is read on the main thread, through its one door (see index/index-db).
import { Worker } from 'node:worker_threads'
import { ENTRY_FILE } from './job-folder-scan'
import { factsOf } from './folder-facts'

// Plain JavaScript run with `eval`, so no bundler has to know about a separate worker file.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { opendirSync, statSync } = require('node:fs')
const { join } = require('node:path')
const factsOf = ${factsOf.toString()}
const { filesRoot, entryFile } = workerData
const unseen = new Set()
let dir = null
let listed = false

function list(max) {
  if (!listed && dir === null) {
    try {
      dir = opendirSync(filesRoot, { bufferSize: 512 })
    } catch (err) {
      if (err.code !== 'ENOENT') throw err
      listed = true
    }
  }
  for (let n = 0; !listed && n < max; ) {
    const d = dir.readSync()
    if (d === null) {
      dir.closeSync()
      dir = null
      listed = true
    } else if (d.isDirectory()) {
      unseen.add(d.name)
      n++
    }
  }
  return listed
}

function facts(name) {
  const folder = join(filesRoot, name)
  return factsOf(statSync(folder, { throwIfNoEntry: false }), statSync(join(folder, entryFile), { throwIfNoEntry: false }))
}

function compare(names, checked) {
  const changed = []
  const missing = []
  for (let i = 0; i < names.length; i++) {
    if (!unseen.delete(names[i])) missing.push(i)
    else if (checked === null || checked[i] === null || facts(names[i]) !== checked[i]) changed.push(i)
  }
  return { changed, missing }
}

function leftovers(max) {
  const names = []
  for (const name of unseen) {
    if (names.length >= max) break
    names.push(name)
  }
  for (const name of names) unseen.delete(name)
  return names
}

parentPort.on('message', (msg) => {
  try {
    const answer = msg.op === 'list' ? list(msg.max) : msg.op === 'compare' ? compare(msg.names, msg.checked) : leftovers(msg.max)
    parentPort.postMessage({ answer })
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) })
  }
})
`

/** Which entries of a chunk have no folder, and which folders changed: positions in the chunk. */
export interface Compared {
  changed: number[]
  missing: number[]
}

type Request = { op: 'list'; max: number } | { op: 'compare'; names: string[]; checked: (string | null)[] | null } | { op: 'leftovers'; max: number }
type Reply = { answer: unknown } | { error: string }

/** One pass's comparison of the folders under `files/` with the index (one request at a time). */
export class FolderCompare {
  readonly #worker: Worker
  #waiting: { resolve: (answer: unknown) => void; reject: (err: Error) => void } | null = null
  #failure: Error | null = null

  constructor(filesRoot: string) {
    this.#worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { filesRoot, entryFile: ENTRY_FILE } })
    this.#worker.on('message', (reply: Reply) => {
      const waiting = this.#waiting
      this.#waiting = null
      if ('error' in reply) waiting?.reject(new Error(reply.error))
      else waiting?.resolve(reply.answer)
    })
    this.#worker.on('error', (err) => this.fail(err))
    this.#worker.on('exit', (code) => this.fail(new Error(`the comparison of the job folders stopped (exit code ${code})`)))
  }

  private fail(err: Error): void {
    this.#failure ??= err
    this.#waiting?.reject(err)
    this.#waiting = null
  }

  private ask<T>(request: Request): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure)
    if (this.#waiting) return Promise.reject(new Error('one request at a time'))
    return new Promise<T>((resolve, reject) => {
      this.#waiting = { resolve: resolve as (answer: unknown) => void, reject }
      this.#worker.postMessage(request)
    })
  }

  /** Lists up to `max` more folders; true once every folder is listed. */
  list(max: number): Promise<boolean> {
    return this.ask({ op: 'list', max })
  }

  /**
   * Compares the folders `names` (of entries of the index, each named once) with `checked`,
   * their facts as the index has them; with `checked` null, every folder found counts as
   * changed. Each folder compared is seen: `leftovers` will not name it.
   */
  compare(names: string[], checked: (string | null)[] | null): Promise<Compared> {
    return this.ask({ op: 'compare', names, checked })
  }

  /** Up to `max` listed folders that no comparison named; none once all were given. */
  leftovers(max: number): Promise<string[]> {
    return this.ask({ op: 'leftovers', max })
  }

  async close(): Promise<void> {
    this.#failure ??= new Error('the comparison of the job folders was closed')
    await this.#worker.terminate()
  }
}
