// The model palette from the keyboard: Ctrl+K, a few letters, Enter, and Create shows the
// model's form, its bounded numbers as sliders and its few choices as segments.
import { test, expect } from './app-host'

test('Ctrl+K finds a model by its words and opens its form', async ({ page, app }) => {
  await page.goto(app.openUrl)
  // From any view: the choice opens in Create.
  await page.getByTestId('nav-queue').click()
  await page.keyboard.press('Control+k')
  const palette = page.getByTestId('model-palette')
  await expect(palette).toBeVisible()
  await expect(palette.getByTestId('palette-row')).toHaveCount(60)
  await page.getByTestId('palette-search').fill('high-fidelity i3 4')
  await expect(palette.getByTestId('palette-row').first()).toHaveAttribute('data-model', 'i3-4')
  await page.screenshot({ path: test.info().outputPath('palette.png') })
  await page.keyboard.press('Enter')
  await expect(palette).toBeHidden()
  await expect(page.getByTestId('view-create')).toBeVisible()
  await expect(page.getByTestId('model-select')).toHaveValue('i3-4')
  await expect(page.getByRole('slider', { name: 'Steps (slider)' })).toBeVisible()
  await expect(page.getByRole('radiogroup', { name: 'Output format' })).toBeVisible()
  await page.getByTestId('params-form').screenshot({ path: test.info().outputPath('form.png') })
})
