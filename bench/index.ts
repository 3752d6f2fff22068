// `npm run bench`: every benchmark, each printing figures and ratios against a baseline
// measured in the same run. `npm run bench -- gallery` (or engine, download, faults,
// library, startup, import, wildcards) runs just the ones named. A section's `summary` is printed as its last line.
import { benchEngine } from './engine'
import { benchDownload } from './download'
import { benchLibrary } from './library'
import { benchFaults } from './faults'
import { benchGallery } from './gallery'
import { benchStartup } from './startup'
import { benchImport } from './import'
import { benchWildcards } from './wildcards'

/** An entry count from the environment, as the benchmark reads it, for its heading. */
const entries = (name: string, fallback: number) => Number(process.env[name] ?? fallback).toLocaleString('en-US')

const sections: [string, string, () => Promise<Record<string, number | string>>][] = [
  ['engine', 'Engine: requests per job and completion-to-file latency; poll schedule: completion-to-screen latency and requests per job, adaptive against fixed', () => benchEngine()],
  ['download', 'Downloads: throughput and memory against curl + sha256sum + sync on loopback', () => benchDownload()],
  ['faults', 'Faults: 40 jobs per seed through a cutting, dropping proxy with SIGKILLs; nothing lost', () => benchFaults()],
  ['library', `Library: open and prompt search of the SQLite index at ${entries('BENCH_LIBRARY_ENTRIES', 1_000_000)} entries, against the in-memory store at up to 100,000`, () => benchLibrary()],
  ['gallery', `Gallery: ${entries('BENCH_GALLERY_ENTRIES', 100_000)} entries in Chromium through the Node host, against a naive render of 2,000`, () => benchGallery()],
  ['startup', 'Startup: cold time until Create is usable in Chromium through the Node host, against the one-script uncompressed build', () => benchStartup()],
  ['import', `Import: ${entries('BENCH_IMPORT_FILES', 10_000)} PNGs with A1111 text from another tool's folder, against cp -r of the same folder`, () => benchImport()],
  ['wildcards', 'Wildcards: a keystroke in a prompt nested 1,500 braces deep in Chromium through the Node host, against a plain prompt of the same length', () => benchWildcards()]
]

const wanted = process.argv.slice(2)
const unknown = wanted.filter((w) => !sections.some(([name]) => name === w))
if (unknown.length > 0) {
  console.error(`unknown benchmark: ${unknown.join(', ')} (known: ${sections.map(([name]) => name).join(', ')})`)
  process.exit(2)
}

for (const [name, title, run] of sections) {
  if (wanted.length > 0 && !wanted.includes(name)) continue
  console.log(`\n== ${title} ==`)
  try {
    const { summary, ...figures } = await run()
    console.table(figures)
    if (summary !== undefined) console.log(summary)
  } catch (err) {
    console.log(`failed: ${err instanceof Error ? err.message : String(err)}`)
    process.exitCode = 1
  }
}
