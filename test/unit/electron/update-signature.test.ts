// The feed's signature: only the exact bytes the release key signed verify, and the
// release script signs in the form the app checks (and refuses to sign with a key that
// does not match the app's public key).
import { spawnSync } from 'node:child_process'
import { generateKeyPairSync, sign } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkFeedSignature, updatePublicKey } from '../../../src/main/electron/update-signature'
import { cleanupAfterEach } from '../support/cleanup'

const cleanup = cleanupAfterEach()
const FEED = 'version: 0.2.0\nfiles:\n  - url: app-0.2.0.AppImage\n    sha512: abc\n'

function keys() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  return { privateKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }
}

describe('the update feed’s signature', () => {
  const release = keys()
  const key = updatePublicKey(release.publicPem)
  const signature = sign(null, Buffer.from(FEED), release.privateKey).toString('base64')

  it('verifies the feed the release key signed, with or without a trailing newline in the .sig', () => {
    expect(checkFeedSignature(FEED, signature, key)).toEqual({ ok: true })
    expect(checkFeedSignature(Buffer.from(FEED), `${signature}\n`, key)).toEqual({ ok: true })
  })

  it('refuses a feed changed by one character, even with its old signature', () => {
    const tampered = FEED.replace('0.2.0.AppImage', '0.2.0.AppImagf')
    expect(checkFeedSignature(tampered, signature, key)).toEqual({ ok: false, problem: 'mismatch' })
  })

  it('refuses a feed signed with another key', () => {
    const other = sign(null, Buffer.from(FEED), keys().privateKey).toString('base64')
    expect(checkFeedSignature(FEED, other, key)).toEqual({ ok: false, problem: 'mismatch' })
  })

  it('refuses a feed without a signature, or with something else in its place', () => {
    expect(checkFeedSignature(FEED, null, key)).toEqual({ ok: false, problem: 'missing' })
    expect(checkFeedSignature(FEED, '  \n', key)).toEqual({ ok: false, problem: 'missing' })
    for (const junk of ['<html>not found</html>', signature.slice(0, 40), `${signature}AAAA`]) {
      expect(checkFeedSignature(FEED, junk, key), junk).toEqual({ ok: false, problem: 'malformed' })
    }
  })

  it('takes only an Ed25519 public key', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString()
    expect(() => updatePublicKey(rsa)).toThrow(/Ed25519/)
    expect(() => updatePublicKey('not a key')).toThrow()
  })

  it('the public key built into the app is an Ed25519 key', () => {
    expect(() => updatePublicKey(readFileSync(join(__dirname, '../../../resources/update-public-key.pem'), 'utf8'))).not.toThrow()
  })
})

describe('scripts/sign-update-feed.mjs', () => {
  const script = join(__dirname, '../../../scripts/sign-update-feed.mjs')
  const run = (args: string[], env: Record<string, string>) => spawnSync(process.execPath, [script, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' })

  it('signs every feed of a release folder so that the app accepts it', async () => {
    const dir = await cleanup.tempDir('sign-feed-')
    const release = keys()
    writeFileSync(join(dir, 'public.pem'), release.publicPem)
    writeFileSync(join(dir, 'latest-linux.yml'), FEED)
    writeFileSync(join(dir, 'latest-mac.yml'), FEED.replace('AppImage', 'zip'))
    const r = run([dir, '--public-key', join(dir, 'public.pem')], { MEDIAGEN_UPDATE_SIGNING_KEY: release.privatePem })
    expect(r.status, r.stderr).toBe(0)
    const key = updatePublicKey(release.publicPem)
    for (const name of ['latest-linux.yml', 'latest-mac.yml']) {
      expect(checkFeedSignature(readFileSync(join(dir, name)), readFileSync(join(dir, `${name}.sig`), 'utf8'), key), name).toEqual({ ok: true })
    }
  })

  it('refuses to sign with a key whose public half is not the app’s', async () => {
    const dir = await cleanup.tempDir('sign-feed-')
    writeFileSync(join(dir, 'public.pem'), keys().publicPem)
    writeFileSync(join(dir, 'latest.yml'), FEED)
    const r = run([dir, '--public-key', join(dir, 'public.pem')], { MEDIAGEN_UPDATE_SIGNING_KEY: keys().privatePem })
    expect(r.status).toBe(1)
    expect(r.stderr).toMatch(/does not match/)
  })

  it('says what is missing when no key is given', async () => {
    const dir = await cleanup.tempDir('sign-feed-')
    writeFileSync(join(dir, 'latest.yml'), FEED)
    const r = run([dir], { MEDIAGEN_UPDATE_SIGNING_KEY: '' })
    expect(r.status).toBe(1)
    expect(r.stderr).toMatch(/MEDIAGEN_UPDATE_SIGNING_KEY is not set/)
  })
})
