// Security lint of the Electron code with Electronegativity (part of `npm test`).
// Fails on any HIGH or MEDIUM finding, and on any file it could not parse (an unparsed
// file is an unchecked file). A finding is either fixed or justified where it occurs with
// `/* eng-disable CHECK_ID */` and a comment saying why.
//
// Uses the package's programmatic entry, which is what its CLI calls: the CLI's CSV writer
// can interleave the header with the rows, its SARIF output leaves out severities, and
// with an output file it does not report parse errors at all.
//
// Offline by design: AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK downloads Electron's release
// list on every run, so it is left out; the pinned Electron version is checked by
// updating the dependency, not by this lint.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const run = require('@doyensec/electronegativity')

/** Notes only that a preload script exists; ours is sandboxed and exposes three functions. */
const ALWAYS_ALLOWED = new Set(['PRELOAD_JS_CHECK'])
const FAILING = new Set(['HIGH', 'MEDIUM'])
const SKIPPED_CHECKS = ['availablesecurityfixesglobalcheck']

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
const range = pkg.devDependencies?.electron ?? pkg.dependencies?.electron
const electronVersion = /\d+\.\d+\.\d+/.exec(range ?? '')?.[0]
if (!electronVersion) {
  console.error('electronegativity: no Electron version found in package.json')
  process.exit(1)
}

// The package prints a line when it cannot fetch translations (always, offline); it is noise here.
const log = console.log
console.log = (...args) => {
  if (typeof args[0] === 'string' && args[0].startsWith('Could not retrieve updated translations')) return
  log(...args)
}
let result
try {
  result = await (run.default ?? run)({
    input: new URL('../src', import.meta.url).pathname,
    isRelative: true,
    electronVersionOverride: electronVersion,
    excludeFromScan: SKIPPED_CHECKS
  })
} finally {
  console.log = log
}

const unparsed = result.errors.filter((e) => !e.tolerable)
const findings = result.issues.map((i) => ({
  id: i.id,
  severity: i.severity.name,
  confidence: i.confidence.name,
  where: `src/${i.file}:${i.location.line}:${i.location.column}`,
  description: i.description
}))
const failing = findings.filter((f) => FAILING.has(f.severity) && !ALWAYS_ALLOWED.has(f.id))
const allowed = findings.filter((f) => FAILING.has(f.severity) && ALWAYS_ALLOWED.has(f.id))
const minor = findings.filter((f) => !FAILING.has(f.severity))

console.log(`electronegativity ${electronVersion}: ${result.globalChecks + result.atomicChecks} checks over src/`)
for (const f of failing) {
  console.log(`  ${f.severity.padEnd(6)} ${f.id}  ${f.where}\n         ${f.description}\n         https://github.com/doyensec/electronegativity/wiki/${f.id}`)
}
for (const e of unparsed) console.log(`  ERROR  could not parse ${e.file}: ${e.message}`)
const minorIds = [...new Set(minor.map((f) => f.id))].join(', ')
console.log(
  `  ${failing.length} to fix or justify, ${allowed.length} allowed (${[...ALWAYS_ALLOWED].join(', ')}), ` +
    `${minor.length} low or informational${minorIds ? ` (${minorIds})` : ''}, ${unparsed.length} unparsed files`
)
process.exit(failing.length > 0 || unparsed.length > 0 ? 1 : 0)
