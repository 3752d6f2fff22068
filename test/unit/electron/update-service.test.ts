// What the user sees of the updates, with electron-updater stood in for: the page hears of
// every change, a refusal is said once (not at each daily check), offline is never said,
// and "Restart to update" closes the engine before the installer starts the new version.
import { EventEmitter } from 'node:events'
import type { UpdateCheckResult, UpdateInfo } from 'electron-updater'
import { describe, expect, it, vi } from 'vitest'
import type { AppEvent } from '../../../src/shared/contract'
import type { UpdateStatus } from '../../../src/shared/app/updates'
import { FeedSignatureError } from '../../../src/main/electron/update-signature'
import { UpdateService, type UpdaterPort } from '../../../src/main/electron/update-service'

const info = (version: string, releaseNotes: string | null = null) => ({ version, files: [], releaseNotes }) as unknown as UpdateInfo
const checksumError = () => Object.assign(new Error('sha512 checksum mismatch, expected a, got b'), { code: 'ERR_CHECKSUM_MISMATCH' })

/** electron-updater, answering each check with the next of `answers`. */
class FakeUpdater extends EventEmitter implements UpdaterPort {
  answers: (() => Promise<UpdateCheckResult | null>)[] = []
  installs: [boolean | undefined, boolean | undefined][] = []
  installFails = false
  checkForUpdates(): Promise<UpdateCheckResult | null> {
    const next = this.answers.shift()
    if (!next) throw new Error('no answer prepared')
    return next()
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    this.installs.push([isSilent, isForceRunAfter])
    if (this.installFails) this.emit('error', new Error('EACCES: permission denied, unlink'))
  }
  offer(version: string, download: Promise<string[]>, notes: string | null = null): void {
    this.answers.push(async () => ({ isUpdateAvailable: true, updateInfo: info(version, notes), versionInfo: info(version, notes), downloadPromise: download }))
  }
  upToDate(): void {
    this.answers.push(async () => ({ isUpdateAvailable: false, updateInfo: info('0.1.0'), versionInfo: info('0.1.0') }))
  }
  failWith(err: unknown): void {
    this.answers.push(() => Promise.reject(err))
  }
}

function setup() {
  const updater = new FakeUpdater()
  const events: AppEvent[] = []
  const order: string[] = []
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
  const service = new UpdateService({
    updater,
    currentVersion: '0.1.0',
    log,
    beforeRestart: async () => void order.push('engine closed'),
    quit: () => void order.push('quit'),
    now: () => Date.parse('2030-01-01T00:00:00Z')
  })
  service.onEvent((e) => events.push(e))
  const notices = () => events.filter((e) => e.name === 'notice').map((e) => e.payload)
  const states = () => events.filter((e) => e.name === 'update.changed').map((e) => (e.payload as UpdateStatus).state)
  return { updater, service, events, notices, states, order, log }
}

describe('the update service', () => {
  it('says it is up to date, and when it checked', async () => {
    const { updater, service, states, notices } = setup()
    updater.upToDate()
    expect(await service.checkNow()).toMatchObject({ state: 'up-to-date', currentVersion: '0.1.0', version: null, checkedAt: '2030-01-01T00:00:00.000Z' })
    expect(states()).toEqual(['checking', 'up-to-date'])
    expect(notices()).toEqual([])
    expect(service.lastAnsweredAt()).toBe(Date.parse('2030-01-01T00:00:00Z'))
  })

  it('tells the page of a new version while it downloads, and what is new once it is ready to install', async () => {
    const { updater, service, events } = setup()
    let done = (_: string[]) => {}
    updater.offer('0.2.0', new Promise((resolve) => (done = resolve)), '<p>Faster gallery</p>')
    expect(await service.checkNow()).toMatchObject({ state: 'downloading', version: '0.2.0', releaseNotes: 'Faster gallery' })
    done(['/cache/app.AppImage'])
    await vi.waitFor(() => expect(service.status().state).toBe('ready'))
    expect(events.at(-1)).toEqual({
      name: 'update.changed',
      payload: expect.objectContaining({ state: 'ready', version: '0.2.0', releaseNotes: 'Faster gallery', message: expect.stringMatching(/installed when you quit/) })
    })
  })

  it('stays quiet when the server cannot be reached, and leaves the day’s check due', async () => {
    const { updater, service, notices, log } = setup()
    updater.failWith(new Error('net::ERR_INTERNET_DISCONNECTED'))
    expect(await service.checkNow()).toMatchObject({ state: 'unreachable', message: expect.stringMatching(/try again later/) })
    expect(notices()).toEqual([])
    expect(log.info).toHaveBeenCalledWith('update-unreachable', expect.objectContaining({ detail: 'net::ERR_INTERNET_DISCONNECTED' }))
    expect(service.lastAnsweredAt()).toBeNull()
  })

  it('says once that a feed with a bad signature was refused, however often it is offered', async () => {
    const { updater, service, notices } = setup()
    updater.failWith(new FeedSignatureError('mismatch'))
    updater.failWith(new FeedSignatureError('mismatch'))
    expect(await service.checkNow()).toMatchObject({ state: 'refused', message: expect.stringMatching(/not signed/) })
    expect(await service.checkNow()).toMatchObject({ state: 'refused' })
    expect(notices()).toEqual([{ level: 'error', message: expect.stringMatching(/not signed.*Nothing was installed/) }])
    expect(service.lastAnsweredAt()).not.toBeNull()
  })

  it('says once per version that a download did not match its checksum', async () => {
    const { updater, service, notices } = setup()
    updater.offer('0.2.0', Promise.reject(checksumError()))
    updater.offer('0.2.0', Promise.reject(checksumError()))
    updater.offer('0.2.1', Promise.reject(checksumError()))
    for (let i = 0; i < 3; i++) {
      await service.checkNow()
      await vi.waitFor(() => expect(service.status().state).toBe('refused'))
    }
    expect(notices().map((n) => n.message)).toEqual([expect.stringMatching(/0\.2\.0 did not match/), expect.stringMatching(/0\.2\.1 did not match/)])
  })

  it('shows other failures in its status without a notice', async () => {
    const { updater, service, notices } = setup()
    updater.offer('0.2.0', Promise.reject(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })))
    await service.checkNow()
    await vi.waitFor(() => expect(service.status()).toMatchObject({ state: 'failed', version: '0.2.0', message: 'Could not update: ENOSPC: no space left on device' }))
    expect(notices()).toEqual([])
  })

  it('runs one check at a time, and none while a download is under way', async () => {
    const { updater, service } = setup()
    updater.offer('0.2.0', new Promise(() => {}))
    const [a, b] = [service.checkNow(), service.checkNow()]
    expect(a).toBe(b)
    await a
    expect(await service.checkNow()).toMatchObject({ state: 'downloading' })
    expect(updater.answers).toEqual([])
  })

  it('restarts to update only once an update is ready, closing the engine first', async () => {
    const { updater, service, order } = setup()
    await expect(service.restartToUpdate()).rejects.toMatchObject({ code: 'conflict' })
    expect(updater.installs).toEqual([])
    updater.offer('0.2.0', Promise.resolve(['/cache/app.AppImage']))
    await service.checkNow()
    await vi.waitFor(() => expect(service.status().state).toBe('ready'))
    const quitAndInstall = vi.spyOn(updater, 'quitAndInstall')
    quitAndInstall.mockImplementation(() => void order.push('installer started'))
    await service.restartToUpdate()
    expect(order).toEqual(['engine closed', 'installer started'])
    expect(quitAndInstall).toHaveBeenCalledWith(true, true)
  })

  it('quits anyway when the installer cannot be started after the engine closed', async () => {
    const { updater, service, order } = setup()
    updater.offer('0.2.0', Promise.resolve(['/cache/app.AppImage']))
    await service.checkNow()
    await vi.waitFor(() => expect(service.status().state).toBe('ready'))
    updater.installFails = true
    await service.restartToUpdate()
    expect(order).toEqual(['engine closed', 'quit'])
    expect(service.status()).toMatchObject({ state: 'failed', message: expect.stringMatching(/EACCES/) })
  })
})
