// The secret the legacy endpoint echoes in `x-webhook-secret`: random per data folder,
// kept in a file only the user can read.
import { randomBytes } from 'node:crypto'
import { chmod, readFile } from 'node:fs/promises'
import { writeFileAtomic } from '../fs/atomic-write'

export async function loadOrCreateSecret(path: string): Promise<string> {
  try {
    const existing = (await readFile(path, 'utf8')).trim()
    if (existing.length >= 32) return existing
  } catch {
    // First run: made below.
  }
  const secret = randomBytes(24).toString('hex')
  await writeFileAtomic(path, secret)
  await chmod(path, 0o600).catch(() => undefined)
  return secret
}
