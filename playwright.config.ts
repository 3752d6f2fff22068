import { defineConfig } from '@playwright/test'
import { chromiumExecutable } from './test/e2e-web/browser'

// Browser tests run the built renderer in Chromium against the Node host; Electron tests
// run the real shell where an Electron binary exists.
export default defineConfig({
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/artifacts',
  projects: [
    {
      name: 'web',
      testDir: 'test/e2e-web',
      use: {
        browserName: 'chromium',
        launchOptions: {
          ...(chromiumExecutable() ? { executablePath: chromiumExecutable()! } : {}),
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required']
        },
        screenshot: 'only-on-failure',
        trace: 'off'
      }
    },
    { name: 'electron', testDir: 'test/e2e-electron' }
  ]
})
