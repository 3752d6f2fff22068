// Runs every check of `npm test` in order and ends with one summary line
// ("N passed, N failed, N skipped") counted from the runners' JSON reports.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const reports = 'test-results'
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const steps = [
  ['lint', 'npx', ['eslint', '.']],
  // Unused files, exports and dependencies (knip.jsonc names the entry points).
  ['unused code', 'npx', ['knip']],
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['security lint', 'node', ['scripts/electronegativity.mjs']],
  ['unit tests', 'npx', ['vitest', 'run', '--project=node', '--project=renderer', '--reporter=default', '--reporter=json', `--outputFile=${reports}/vitest.json`]],
  ['build', 'npx', ['electron-vite', 'build']],
  // What app.asar would hold, and that main's run-time imports are all dependencies.
  ['app.asar contents', 'node', ['scripts/asar-contents.mjs']],
  // The built main process and preload under a stand-in Electron (no binary needed).
  ['electron smoke test', 'npx', ['vitest', 'run', '--project=electron', '--reporter=default', '--reporter=json', `--outputFile=${reports}/vitest-electron.json`]],
  ['end-to-end tests', 'npx', ['playwright', 'test']]
]

// npm puts the project's own Node (the `node` devDependency) first on PATH for this script
// and every step it starts.
console.log(`Node ${process.version} (${process.execPath})`)

let failedStep = null
for (const [name, cmd, args] of steps) {
  if (name === 'security lint' && !existsSync('scripts/electronegativity.mjs')) continue
  console.log(`\n=== ${name} ===`)
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  if (run.status !== 0) {
    failedStep = name
    console.error(`\n${name} failed (exit ${run.status ?? run.signal})`)
    break
  }
}

let passed = 0, failed = 0, skipped = 0
for (const report of ['vitest.json', 'vitest-electron.json']) {
  if (!existsSync(`${reports}/${report}`)) continue
  const v = JSON.parse(readFileSync(`${reports}/${report}`, 'utf8'))
  passed += v.numPassedTests ?? 0
  failed += v.numFailedTests ?? 0
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0)
}
if (existsSync(`${reports}/playwright.json`)) {
  const p = JSON.parse(readFileSync(`${reports}/playwright.json`, 'utf8'))
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0)
  failed += p.stats?.unexpected ?? 0
  skipped += p.stats?.skipped ?? 0
  // Say why tests were skipped (e.g. no Electron binary on this machine).
  const reasons = new Map()
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'skipped') continue
        const own = new Set()
        for (const a of [...(t.annotations ?? []), ...(t.results ?? []).flatMap((r) => r.annotations ?? [])]) {
          if (a.type === 'skip' && a.description) own.add(a.description)
        }
        for (const reason of own) reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
      }
    }
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of p.suites ?? []) walk(suite)
  for (const [reason, n] of reasons) console.log(`skipped ${n}: ${reason}`)
}
if (failedStep && failed === 0) failed = 1
console.log(`\nNode ${process.version}`)
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failedStep ? 1 : 0)
