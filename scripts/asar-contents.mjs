// What electron-builder puts into app.asar, worked out without Electron: the built app
// (out/, package.json) and the installed production dependencies, that is every package of
// package-lock.json not marked dev. Prints their files and size, and fails when
//   - a package the main process or the preload imports at run time is not a dependency
//     (the installed app would not start), or
//   - a package that Vite bundles into the page is a dependency (it would ship twice).
// `node scripts/asar-contents.mjs --list` prints every file.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, relative } from 'node:path'

const ROOT = process.cwd()
const BUNDLED_BY_VITE = ['react', 'react-dom', 'recharts', 'zustand', '@tanstack/react-virtual']
const RUNTIME_BUNDLES = ['out/main/index.js', 'out/preload/index.cjs']

function walk(dir, skipNodeModules) {
  const files = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (skipNodeModules && entry.name === 'node_modules') continue
      files.push(...walk(path, skipNodeModules))
    } else if (entry.isFile()) files.push(path)
  }
  return files
}

/** Bare package names a built bundle loads at run time (ES imports and require). */
function runtimeImports(file) {
  const code = readFileSync(join(ROOT, file), 'utf8')
  const names = new Set()
  for (const m of code.matchAll(/(?:from\s*|import\s*\(\s*|require\s*\(\s*)["']([^"'./][^"']*)["']/g)) {
    const spec = m[1]
    if (spec.startsWith('node:') || builtinModules.includes(spec) || spec === 'electron') continue
    names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0])
  }
  return [...names]
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'))
const dependencies = Object.keys(manifest.dependencies ?? {})
const problems = []

for (const file of RUNTIME_BUNDLES) {
  if (!existsSync(join(ROOT, file))) problems.push(`${file} is missing: build the app first (npx electron-vite build)`)
  else for (const name of runtimeImports(file)) if (!dependencies.includes(name)) problems.push(`${file} loads '${name}', which is not in dependencies`)
}
for (const name of BUNDLED_BY_VITE) if (dependencies.includes(name)) problems.push(`'${name}' is bundled by Vite but listed in dependencies`)

// Production packages installed here (a build for another platform is not on this disk).
const productionDirs = Object.entries(lock.packages)
  .filter(([path, entry]) => path.startsWith('node_modules/') && !entry.dev && existsSync(join(ROOT, path)))
  .map(([path]) => path)
for (const name of BUNDLED_BY_VITE) {
  if (productionDirs.some((p) => p === `node_modules/${name}` || p.endsWith(`/node_modules/${name}`))) problems.push(`'${name}' would be packed into app.asar`)
}

const files = [join(ROOT, 'package.json'), ...(existsSync(join(ROOT, 'out')) ? walk(join(ROOT, 'out'), false) : [])]
const perPackage = new Map()
for (const dir of productionDirs) {
  const own = walk(join(ROOT, dir), true)
  files.push(...own)
  perPackage.set(dir.replace(/^.*node_modules\//, ''), own.reduce((n, f) => n + statSync(f).size, 0))
}
const total = files.reduce((n, f) => n + statSync(f).size, 0)
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

if (process.argv.includes('--list')) for (const f of files) console.log(relative(ROOT, f))
console.log(`app.asar: ${files.length} files, ${mb(total)}, from out/ and ${productionDirs.length} production packages`)
for (const [name, size] of [...perPackage].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${mb(size).padStart(8)}  ${name}`)
for (const p of problems) console.error(`problem: ${p}`)
process.exit(problems.length > 0 ? 1 : 0)
