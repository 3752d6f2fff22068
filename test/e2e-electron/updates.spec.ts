// Updates in the real shell (Electron's own network stack and page): a signed newer
// version on a local feed is downloaded at start, the page's banner says what is new and
// offers "Restart to update", Settings shows the automatic-check toggle, and quitting
// installs it. Linux only: there the updater installs an AppImage, which a shell script
// can stand in for (the smoke test in test/electron-smoke runs the same flow without
// Electron's binary).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { appImage, FEED_NAME, FeedServer, feedText, releaseKeys, sha512, signFeed } from '../electron-smoke/update-feed'
import { electronSkipReason, expect, launchShell, test } from './electron-app'

const whyElectronCannotRun = electronSkipReason()
test.skip(whyElectronCannotRun !== null, `Electron cannot run here: ${whyElectronCannotRun}`)
test.skip(process.platform !== 'linux', 'The AppImage updater is the one a script can stand in for')

const FILE = 'mediagen-studio-99.0.0-x86_64.AppImage'
const NEW_VERSION = appImage('99.0.0')
const NOTES = 'Updates install themselves.'

test('a signed update is downloaded, announced with what is new, and installed on quit', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mediagen-update-e2e-'))
  const feed = await new FeedServer().start()
  try {
    const keys = releaseKeys()
    const text = feedText('99.0.0', FILE, sha512(NEW_VERSION), NEW_VERSION.length, NOTES)
    feed.files.set(FEED_NAME, Buffer.from(text))
    feed.files.set(`${FEED_NAME}.sig`, Buffer.from(signFeed(text, keys.privateKey)))
    feed.files.set(FILE, NEW_VERSION)
    const running = join(dir, 'MediaGen-Studio.AppImage')
    await writeFile(running, appImage('0.1.0'), { mode: 0o755 })
    await writeFile(join(dir, 'release-key.pem'), keys.publicPem)

    const shell = await launchShell(undefined, {
      MEDIAGEN_UPDATE_FEED: feed.url,
      MEDIAGEN_UPDATE_PUBLIC_KEY: join(dir, 'release-key.pem'),
      APPIMAGE: running,
      XDG_CACHE_HOME: join(dir, 'cache')
    })
    try {
      const banner = shell.window.getByTestId('update-banner')
      await expect(banner).toContainText('MediaGen Studio 99.0.0 is ready', { timeout: 30_000 })
      await banner.getByText('What’s new').click()
      await expect(shell.window.getByTestId('update-notes')).toHaveText(NOTES)
      await expect(banner.getByRole('button', { name: 'Restart to update' })).toBeVisible()
      await shell.window.getByTestId('nav-settings').click()
      await expect(shell.window.getByRole('switch', { name: /Check for updates automatically/ })).toBeChecked()
      await expect(shell.window.getByTestId('update-status')).toContainText('Version 99.0.0 is ready')
    } finally {
      await shell.close()
    }
    expect(await readFile(running)).toEqual(NEW_VERSION)
  } finally {
    await feed.close()
    await rm(dir, { recursive: true, force: true })
  }
})
