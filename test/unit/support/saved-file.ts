// The sha256 of a saved output as the service sent it: the settings the app writes into
// images are taken out first (they are the only bytes it adds), so this must equal the
// CDN's hash of the same output.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { stripEmbeddedSettings } from '../../../src/main/core/media/embedded-settings'

export async function savedFileSha256(path: string): Promise<string> {
  return createHash('sha256').update(stripEmbeddedSettings(await readFile(path))).digest('hex')
}
