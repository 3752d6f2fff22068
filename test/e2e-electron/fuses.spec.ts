// Installers flip Electron's fuses as electron-builder.yml says. The page comes over the
// app's own app:// scheme, so the file scheme's extra privileges are turned off: this runs
// the app in a copy of Electron with that fuse flipped as the installers flip it, reads the
// fuse back from the binary, and checks that the page loads and reaches the engine.
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { flipFuses, FuseV1Options, FuseVersion, getCurrentFuseWire } from '@electron/fuses'
import { electronDist, electronSkipReason, expect, launchShell, test, type PageGlobal } from './electron-app'

// Skipped, with the reason printed, where no Electron binary (or no display) is available.
const whyElectronCannotRun = electronSkipReason()
test.skip(whyElectronCannotRun !== null, `Electron cannot run here: ${whyElectronCannotRun}`)
test.describe.configure({ mode: 'serial' })

/** A fuse's byte in the binary when it is off ('0'). */
const FUSE_OFF = '0'.charCodeAt(0)

/** The `electronFuses:` block of electron-builder.yml, as name -> on/off. */
async function configuredFuses(): Promise<Record<string, boolean>> {
  const lines = (await readFile('electron-builder.yml', 'utf8')).split('\n')
  const fuses: Record<string, boolean> = {}
  let inBlock = false
  for (const line of lines) {
    if (/^electronFuses:\s*$/.test(line)) {
      inBlock = true
      continue
    }
    if (!inBlock || /^\s*(#.*)?$/.test(line)) continue
    if (!/^\s/.test(line)) break
    const m = /^\s+(\w+):\s*(true|false)\s*(#.*)?$/.exec(line)
    if (m) fuses[m[1]!] = m[2] === 'true'
  }
  return fuses
}

let copyDir = ''
let executable = ''

test.beforeAll(async () => {
  const dist = electronDist()
  if (!dist) throw new Error('Electron is not installed')
  copyDir = await mkdtemp(join(tmpdir(), 'mediagen-fused-electron-'))
  await cp(dist.dir, copyDir, { recursive: true, verbatimSymlinks: true })
  executable = join(copyDir, dist.executable)
  const configured = await configuredFuses()
  // Only this fuse: the others (asar only, no inspector) cannot hold for an unpackaged app
  // driven by Playwright, and are no part of how the page is served.
  await flipFuses(executable, {
    version: FuseVersion.V1,
    resetAdHocDarwinSignature: process.platform === 'darwin',
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: configured['grantFileProtocolExtraPrivileges'] ?? true
  })
})

test.afterAll(async () => {
  if (copyDir) await rm(copyDir, { recursive: true, force: true })
})

test('the installers turn off the file scheme\'s extra privileges', async () => {
  expect(await configuredFuses()).toMatchObject({ grantFileProtocolExtraPrivileges: false })
  const wire = await getCurrentFuseWire(executable)
  expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FUSE_OFF)
})

test('with that fuse off, the page loads from app:// and reaches the engine', async () => {
  const shell = await launchShell(executable)
  try {
    expect(shell.window.url()).toBe('app://mediagen/index.html')
    await expect(shell.window.getByTestId('demo-banner')).toBeVisible()
    const info = await shell.window.evaluate(() => (globalThis as unknown as PageGlobal).api!.invoke('app.info', {}))
    expect(info).toMatchObject({ ok: true, data: { mode: 'demo', platform: 'electron' } })
  } finally {
    await shell.close()
  }
})
