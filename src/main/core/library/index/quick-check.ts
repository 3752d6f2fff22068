// SQLite's own check of the index file (its quick check: every page and record, without
// comparing the indexes to their tables), for Repair library. It reads the whole file, a
// minute's work at a million entries, so it runs in a worker thread on a read-only
// connection of its own: the app goes on answering meanwhile (the index is in WAL mode,
// where a reader waits for no writer).
import { Worker } from 'node:worker_threads'

const CHECK = `
const { parentPort, workerData } = require('node:worker_threads')
const { DatabaseSync } = require('node:sqlite')
let found
try {
  const db = new DatabaseSync(workerData, { readOnly: true, timeout: 5000 })
  try {
    found = db.prepare('PRAGMA quick_check').all().map((row) => String(Object.values(row)[0]))
  } finally {
    db.close()
  }
} catch (err) {
  found = [String((err && err.message) || err)]
}
parentPort.postMessage(found)
`

/** What SQLite's check finds wrong with the index file at `file`; empty when nothing. */
export function quickCheck(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CHECK, { eval: true, workerData: file })
    worker.once('message', (found: string[]) => resolve(found.length === 1 && found[0] === 'ok' ? [] : found))
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`SQLite's check of the index stopped (exit code ${code})`))
    })
  })
}
