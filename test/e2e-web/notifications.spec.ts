// Notifications in the browser route: the real page against the real host and demo
// service, with the browser's Notifications API stood in for (a headless browser shows
// none) and the page told it is in the background. The page asks for permission on the
// first Generate (never on load), shows a finished job with its thumbnail, a × 3 batch as
// one notification, and a click opens the result in the gallery.
import type { Page } from '@playwright/test'
import { test, expect } from './app-host'

interface Shown {
  title: string
  options: { body?: string; icon?: string; tag?: string }
}
interface Recorder {
  asked: number
  focused: boolean
  shown: Shown[]
  click(i: number): void
}

async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const notes: { onclick: (() => void) | null }[] = []
    const rec = { asked: 0, focused: true, shown: [] as unknown[], click: (i: number) => notes[i]!.onclick?.() }
    // The test has no DOM types: the page's globals are reached through globalThis.
    const page = globalThis as unknown as { __notify: typeof rec; document: { hasFocus(): boolean } }
    page.__notify = rec
    class StandIn {
      static permission = 'default'
      static requestPermission(): Promise<string> {
        rec.asked++
        StandIn.permission = 'granted'
        return Promise.resolve('granted')
      }
      onclick: (() => void) | null = null
      constructor(title: string, options: unknown) {
        rec.shown.push({ title, options })
        notes.push(this)
      }
      close(): void {}
    }
    Object.defineProperty(globalThis, 'Notification', { value: StandIn, configurable: true })
    page.document.hasFocus = () => rec.focused
  })
}

const recorder = (page: Page) => page.evaluate(() => {
  const r = (globalThis as unknown as { __notify: Recorder }).__notify
  return { asked: r.asked, shown: r.shown }
})
const toBackground = (page: Page) => page.evaluate(() => void ((globalThis as unknown as { __notify: Recorder }).__notify.focused = false))

async function openCreate(page: Page, openUrl: string, prompt: string): Promise<void> {
  await recordNotifications(page)
  await page.goto(openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill(prompt)
}

test('asks on the first Generate, shows the finished job with its thumbnail, and a click opens it in the gallery', async ({ page, app }) => {
  await openCreate(page, app.openUrl, 'a lighthouse at dusk')
  expect((await recorder(page)).asked).toBe(0)
  await toBackground(page)
  await page.getByTestId('submit-job').click()
  expect((await recorder(page)).asked).toBe(1)
  await expect.poll(async () => (await recorder(page)).shown.length, { timeout: 60_000 }).toBe(1)
  const [note] = (await recorder(page)).shown
  expect(note).toMatchObject({ title: 'Job done', options: { body: 'i1-1: a lighthouse at dusk' } })
  // The picture is the job's thumbnail, served by the host from the library.
  const icon = await page.request.get(new URL(note!.options.icon!, app.url).href)
  expect(icon.status()).toBe(200)
  expect(icon.headers()['content-type']).toMatch(/^image\//)

  await page.evaluate(() => (globalThis as unknown as { __notify: Recorder }).__notify.click(0))
  await expect(page.getByTestId('view-gallery')).toBeVisible()
  await expect(page.getByTestId('detail-prompt')).toContainText('a lighthouse at dusk')
  await page.screenshot({ path: test.info().outputPath('opened-from-notification.png') })

  // Asked once: the next Generate does not ask again.
  await page.keyboard.press('Escape')
  await page.getByTestId('nav-create').click()
  await page.getByTestId('submit-job').click()
  expect((await recorder(page)).asked).toBe(1)
})

test('a × 3 batch is one notification, when its last job has ended', async ({ page, app }) => {
  await openCreate(page, app.openUrl, 'a red kite')
  await page.getByTestId('batch-count').fill('3')
  await expect(page.getByTestId('submit-job')).toHaveText('Generate × 3')
  await toBackground(page)
  await page.getByTestId('submit-job').click()
  await expect.poll(async () => (await recorder(page)).shown.length, { timeout: 60_000 }).toBe(1)
  expect((await recorder(page)).shown[0]).toMatchObject({ title: 'Your 3 jobs have finished', options: { body: '3 of 3 done' } })
  await page.getByTestId('nav-queue').click()
  await expect(page.locator('[data-testid="job-row"] [data-testid="job-saving"]')).toHaveCount(3)
  expect((await recorder(page)).shown).toHaveLength(1)
})

test('Settings → System notifications', async ({ page, app }) => {
  await recordNotifications(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(app.openUrl)
  await page.getByTestId('nav-settings').click()
  const section = page.getByTestId('settings-notifications')
  await section.scrollIntoViewIfNeeded()
  await expect(section.getByTestId('notification-permission')).toHaveAttribute('data-permission', 'default')
  await section.screenshot({ path: test.info().outputPath('settings-notifications.png') })
  expect((await recorder(page)).asked).toBe(0)
  await section.getByTestId('notification-allow').click()
  await expect(section.getByTestId('notification-permission')).toHaveAttribute('data-permission', 'granted')
  await section.screenshot({ path: test.info().outputPath('settings-notifications-allowed.png') })

  // All off: saved by the engine, so it holds after a reload, and the kinds wait, greyed.
  // From the keyboard: scrolled to the top of the view, the switch sits under the banners.
  await section.getByRole('switch', { name: /Show notifications/ }).focus()
  await page.keyboard.press('Space')
  await expect(section.getByRole('switch', { name: /Finished jobs/ })).toBeDisabled()
  await page.reload()
  await page.getByTestId('nav-settings').click()
  await expect(section.getByRole('switch', { name: /Show notifications/ })).not.toBeChecked()
  await expect(section.getByRole('switch', { name: /Finished jobs/ })).toBeDisabled()
  await section.scrollIntoViewIfNeeded()
  await section.screenshot({ path: test.info().outputPath('settings-notifications-off.png') })
})
