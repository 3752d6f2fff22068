// A saved picture dropped on Create brings back the model, prompt and settings it was
// made with.
import { test, expect } from './app-host'

test('dropping a saved image on Create restores its settings', async ({ page, app }) => {
  await page.goto(app.openUrl)
  await page.getByTestId('nav-create').click()
  await page.getByTestId('model-select').selectOption('i6-1')
  await page.getByTestId('prompt-input').fill('a harbour at noon')
  await page.getByRole('radiogroup', { name: 'Aspect ratio' }).getByRole('radio', { name: '4:3' }).click()
  await page.getByTestId('submit-job').click()
  const img = page.getByTestId('result').first().locator('img[data-testid="result-output"]').first()
  await expect(img).toBeVisible({ timeout: 60_000 })
  const src = await img.getAttribute('src')

  // Something else in the form, then the saved file dropped on it.
  await page.getByTestId('model-select').selectOption('i1-1')
  await page.getByTestId('prompt-input').fill('something else')
  // The callback runs in the page, where fetch, DataTransfer and File exist; this file is
  // type-checked for Node, so they are reached through globalThis.
  const dataTransfer = await page.evaluateHandle(async (url) => {
    const g = globalThis as unknown as {
      fetch(u: string): Promise<{ blob(): Promise<unknown> }>
      DataTransfer: new () => { items: { add(f: unknown): void } }
      File: new (parts: unknown[], name: string, opts: { type: string }) => unknown
    }
    const blob = await (await g.fetch(url)).blob()
    const dt = new g.DataTransfer()
    dt.items.add(new g.File([blob], 'saved.png', { type: 'image/png' }))
    return dt
  }, src!)
  const form = page.getByTestId('create-form')
  await form.dispatchEvent('dragover', { dataTransfer })
  await form.dispatchEvent('drop', { dataTransfer })

  await expect(page.getByTestId('model-select')).toHaveValue('i6-1')
  await expect(page.getByTestId('prompt-input')).toHaveValue('a harbour at noon')
  await expect(page.getByRole('radiogroup', { name: 'Aspect ratio' }).getByRole('radio', { name: '4:3' })).toHaveAttribute('aria-checked', 'true')
})
