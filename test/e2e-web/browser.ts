// Which Chromium the browser tests drive: CHROMIUM_PATH, else Debian's, else none (the
// tests then say why they are skipped; in CI a missing browser is an error).
import { existsSync } from 'node:fs'

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

export function chromiumExecutable(): string | undefined {
  return CANDIDATES.find((p): p is string => !!p && existsSync(p))
}

export const NO_BROWSER_REASON =
  'No Chromium found (set CHROMIUM_PATH or install Debian\'s chromium package); browser tests need a system Chromium because browsers are not downloaded'

if (!chromiumExecutable() && process.env.CI) {
  throw new Error('CI needs a Chromium for the browser tests: .ci/run installs Debian\'s chromium package')
}
