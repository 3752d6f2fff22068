// `npm run bench`: every benchmark, each printing figures and ratios against a baseline
// measured in the same run.
import { benchEngine } from './engine'
import { benchDownload } from './download'
import { benchLibrary } from './library'
import { benchFaults } from './faults'

const sections: [string, () => Promise<Record<string, number | string>>][] = [
  ['Engine: requests per job and completion-to-file latency', () => benchEngine()],
  ['Downloads: throughput and memory against curl + sha256sum + sync on loopback', () => benchDownload()],
  ['Faults: 40 jobs per seed through a cutting, dropping proxy with SIGKILLs; nothing lost', () => benchFaults()],
  ['Library: load and prompt search at 100,000 entries', () => benchLibrary()]
]

for (const [title, run] of sections) {
  console.log(`\n== ${title} ==`)
  try {
    console.table(await run())
  } catch (err) {
    console.log(`failed: ${err instanceof Error ? err.message : String(err)}`)
    process.exitCode = 1
  }
}
