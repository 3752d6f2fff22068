// Download throughput and memory: our streaming, hashing, type-checking,
// fsyncing downloader against a peer that gives the same guarantees on the
// same local server: `curl -o f`, then `sha256sum f`, then `sync` (the bytes
// hashed and on disk). Plain `curl -o` is measured too, for information.
//   npx tsx bench/download.ts [sizeMB]
//
// On a small shared machine one download's speed swings widely from run to
// run (other tenants, the hypervisor's paging of fresh memory), so the two
// are measured in alternation, many times, and compared by their medians and
// by the median of the paired ratios (each of ours against the curl run just
// before it) as well as by their best runs.
import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { open, mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { downloadFile } from '../src/main/core/downloads/download-file'

const MB = 1 << 20
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const RUNS = 9

// The server runs in its own process so that it does not share an event loop
// (or the RSS measurement) with the downloader under test, as it would not
// with a real CDN. `?bytes=N` serves only the first N bytes of the file.
const SERVER_SOURCE = `
const http = require('node:http'), fs = require('node:fs')
const file = process.argv[1], size = fs.statSync(file).size
http.createServer((req, res) => {
  const n = Math.min(size, Number(new URL(req.url, 'http://x').searchParams.get('bytes') ?? size))
  res.writeHead(200, { 'content-type': 'image/png', 'content-length': n, etag: '"bench"' })
  fs.createReadStream(file, { start: 0, end: n - 1, highWaterMark: 1 << 20 }).pipe(res)
}).listen(0, '127.0.0.1', function () { console.log(this.address().port) })
`

async function generateFile(path: string, sizeMB: number): Promise<void> {
  // A handful of random blocks repeated: incompressible enough, and fast.
  const blocks = Array.from({ length: 8 }, () => randomBytes(MB))
  const first = blocks[0]
  if (first) first.set(PNG_MAGIC, 0)
  const handle = await open(path, 'w')
  try {
    for (let i = 0; i < sizeMB; i++) await handle.write(blocks[i % blocks.length] ?? randomBytes(MB))
  } finally {
    await handle.close()
  }
}

async function startServer(file: string): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, ['-e', SERVER_SOURCE, file], { stdio: ['ignore', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout })
  for await (const line of lines) {
    lines.close()
    return { port: Number(line), stop: () => child.kill() }
  }
  throw new Error('bench server did not start')
}

// The peers are started from a helper process, never from this one: a fork
// marks every page of the forking process copy-on-write, and the downloader
// under test would then pay thousands of page faults in the run after each.
const CURL_RUNNER_SOURCE = `
const { spawn } = require('node:child_process')
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, ...args] = JSON.parse(line)
  const started = performance.now()
  spawn(command, args, { stdio: 'inherit' })
    .on('error', (err) => console.log(JSON.stringify({ error: err.message })))
    .on('exit', (code) => console.log(JSON.stringify(code === 0 ? { ms: performance.now() - started } : { error: command + ' exited with ' + code })))
})
`

// The same guarantees as ours: every byte hashed, and on disk before it ends.
const PEER_SCRIPT = 'curl -s -o "$1" "$2" && sha256sum "$1" > /dev/null && sync'

interface CurlRunner {
  /** Runs a command (argv); resolves with its wall time in seconds. */
  run: (argv: string[]) => Promise<number>
  stop: () => void
}

function startCurlRunner(): CurlRunner {
  const child = spawn(process.execPath, ['-e', CURL_RUNNER_SOURCE], { stdio: ['pipe', 'pipe', 'inherit'] })
  const replies = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  return {
    run: async (args) => {
      child.stdin.write(JSON.stringify(args) + '\n')
      const reply = await replies.next()
      if (reply.done === true) throw new Error('curl runner stopped')
      const parsed = JSON.parse(String(reply.value)) as { ms?: number; error?: string }
      if (parsed.ms === undefined) throw new Error(parsed.error ?? 'curl failed')
      return parsed.ms / 1000
    },
    stop: () => child.kill()
  }
}

interface Timing {
  seconds: number
  peakRssGrowthMB: number
}

async function timeOurs(url: string, dest: string): Promise<Timing> {
  const baseline = process.memoryUsage.rss()
  let peak = baseline
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, 20)
  const started = performance.now()
  try {
    await downloadFile({ url, dest, expectedKinds: ['image'], overwrite: true })
  } finally {
    clearInterval(sampler)
  }
  const seconds = (performance.now() - started) / 1000
  peak = Math.max(peak, process.memoryUsage.rss())
  await rm(dest, { force: true })
  return { seconds, peakRssGrowthMB: (peak - baseline) / MB }
}

async function timeCurl(curl: CurlRunner, url: string, dest: string, asPeer: boolean): Promise<number> {
  const seconds = await curl.run(asPeer ? ['sh', '-c', PEER_SCRIPT, 'peer', dest, url] : ['curl', '-s', '-o', dest, url])
  await rm(dest, { force: true })
  return seconds
}

const best = (values: number[]): number => Math.min(...values)
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2
}

// SHA-256 on one core, over bytes already in memory: what the hash alone
// costs, which curl does not pay.
function sha256MBps(): number {
  const block = randomBytes(MB)
  const hash = createHash('sha256')
  const started = performance.now()
  for (let i = 0; i < 256; i++) hash.update(block)
  hash.digest()
  return 256 / ((performance.now() - started) / 1000)
}
const round = (value: number, digits = 1): number => Number(value.toFixed(digits))

export async function benchDownload(opts: { sizeMB?: number } = {}): Promise<Record<string, number | string>> {
  const sizeMB = Math.max(200, Math.floor(opts.sizeMB ?? 200))
  const smallMB = 50
  const dir = await mkdtemp(join(tmpdir(), 'bench-download-'))
  const source = join(dir, 'source.png')
  let server: { port: number; stop: () => void } | undefined
  const runner = startCurlRunner()
  try {
    await generateFile(source, sizeMB)
    const bytes = (await stat(source)).size
    server = await startServer(source)
    const url = `http://127.0.0.1:${server.port}/file`
    const smallUrl = `${url}?bytes=${smallMB * MB}`
    const dest = join(dir, 'out.png')

    // Warm the page cache and connections so the first timed run is not penalised.
    await timeCurl(runner, url, dest, false)
    await timeOurs(smallUrl, dest)

    const curl: number[] = []
    const peer: number[] = []
    const ours: Timing[] = []
    const oursSmall: Timing[] = []
    for (let i = 0; i < RUNS; i++) {
      peer.push(await timeCurl(runner, url, dest, true))
      ours.push(await timeOurs(url, dest))
      curl.push(await timeCurl(runner, url, dest, false))
      oursSmall.push(await timeOurs(smallUrl, dest))
    }
    const mb = bytes / MB
    const oursSeconds = ours.map((t) => t.seconds)
    const oursMedianMBs = mb / median(oursSeconds)
    const peerMedianMBs = mb / median(peer)
    // Throughput ratio of each of our runs to the peer run just before it.
    const paired = oursSeconds.map((seconds, i) => (peer[i] ?? NaN) / seconds)
    return {
      file: `${round(mb, 0)} MB, ${RUNS} rounds`,
      peer: 'curl -o f && sha256sum f && sync',
      ours_median_MBps: round(oursMedianMBs),
      peer_median_MBps: round(peerMedianMBs),
      ratio_median_to_peer: round(oursMedianMBs / peerMedianMBs, 2),
      ratio_paired_median_to_peer: round(median(paired), 2),
      ratio_paired_range_to_peer: `${round(Math.min(...paired), 2)}-${round(Math.max(...paired), 2)}`,
      ours_best_MBps: round(mb / best(oursSeconds)),
      peer_best_MBps: round(mb / best(peer)),
      ratio_best_to_peer: round(best(peer) / best(oursSeconds), 2),
      // For information: curl alone neither hashes nor flushes anything.
      curl_plain_median_MBps: round(mb / median(curl)),
      ratio_median_to_plain_curl: round(median(curl) / median(oursSeconds), 2),
      sha256_one_core_MBps: round(sha256MBps()),
      [`peak_rss_growth_MB_${round(mb, 0)}MB`]: round(Math.max(...ours.map((t) => t.peakRssGrowthMB))),
      [`peak_rss_growth_MB_${smallMB}MB`]: round(Math.max(...oursSmall.map((t) => t.peakRssGrowthMB)))
    }
  } finally {
    server?.stop()
    runner.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const size = Number(process.argv[2] ?? 200)
  const results = await benchDownload({ sizeMB: Number.isFinite(size) ? size : 200 })
  for (const [name, value] of Object.entries(results)) console.log(`${name.padEnd(34)} ${value}`)
}
