// The long run of the fault test: the engine and a `sync` SIGKILLed at random moments
// behind a proxy that cuts CDN bodies at random offsets, drops answers, and answers 500
// and 429, over many seeds. `npm test` runs two seeds; this runs more, and prints how
// many passed, so a rare failure shows up before a user meets it.
//   npx tsx bench/faults.ts [seeds]
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

interface VitestReport {
  testResults: { assertionResults: { title: string; status: string; duration?: number; failureMessages: string[] }[] }[]
}

export async function benchFaults(opts: { seeds?: number } = {}): Promise<Record<string, number | string>> {
  const count = Math.max(1, Math.floor(opts.seeds ?? 8))
  const seeds = Array.from({ length: count }, (_, i) => 101 + i * 37)
  const dir = await mkdtemp(join(tmpdir(), 'bench-faults-'))
  const report = join(dir, 'report.json')
  try {
    const started = performance.now()
    await new Promise<void>((resolve) => {
      const child = spawn('npx', ['vitest', 'run', 'test/unit/faults/lossless-under-faults.test.ts', '--reporter=json', `--outputFile=${report}`], {
        env: { ...process.env, FAULT_SEEDS: seeds.join(',') },
        stdio: 'ignore'
      })
      child.once('close', () => resolve())
    })
    const seconds = (performance.now() - started) / 1000
    const results = ((JSON.parse(await readFile(report, 'utf8')) as VitestReport).testResults[0]?.assertionResults ?? [])
    const failed = results.filter((r) => r.status !== 'passed')
    return {
      jobs_per_seed: 40,
      seeds: seeds.join(','),
      seeds_passed: results.length - failed.length,
      seeds_failed: failed.length,
      failed_seeds: failed.map((r) => r.title.replace(/.*seed (\d+).*/, '$1')).join(',') || 'none',
      first_failure: failed[0]?.failureMessages[0]?.split('\n')[0]?.slice(0, 200) ?? 'none',
      seconds_per_seed: Number((seconds / count).toFixed(1))
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await benchFaults({ seeds: Number(process.argv[2] ?? 8) })
  for (const [name, value] of Object.entries(results)) console.log(`${name.padEnd(20)} ${value}`)
}
