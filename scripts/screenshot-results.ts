// The README's pictures of acting on results: a batch of 4 as one group with its actions
// (result-group.png), and Vary region's painter over one of them (vary-region.png).
import type { Page } from '@playwright/test'
import { openCreate, shot } from './screenshot-page'

const GROUP_PROMPT = 'a lighthouse on a basalt cliff at blue hour, long exposure, soft fog'

export async function groupAndRegion(page: Page): Promise<void> {
  await openCreate(page, 'i3-1', GROUP_PROMPT)
  await page.getByTestId('batch-count').fill('4')
  await page.getByTestId('submit-job').click()
  const group = page.getByTestId('result-group').filter({ hasText: GROUP_PROMPT }).first()
  await group.locator('img[data-testid="result-output"]').nth(3).waitFor()
  await group.getByTestId('result-group-cost').filter({ hasText: 'in all' }).waitFor()
  await group.getByTestId('result-pick').nth(1).click()
  await shot(page, 'result-group')

  await group.getByTestId('result-group-actions').getByTestId('result-actions-open').click()
  await page.getByTestId('action-vary-region').click()
  const canvas = page.getByTestId('mask-canvas')
  await canvas.waitFor()
  const box = (await canvas.boundingBox())!
  // A stroke over the sky, as a user would paint the part to change.
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2)
  await page.mouse.down()
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + box.width * (0.2 + i * 0.05), box.y + box.height * (0.2 + (i % 2) * 0.04))
  await page.mouse.up()
  await page.getByTestId('region-prompt').fill('a flock of seagulls in the sky')
  await page.getByTestId('region-send').waitFor()
  await shot(page, 'vary-region')
  await page.keyboard.press('Escape')
}
