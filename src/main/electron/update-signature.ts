// The publisher's signature on the update feed. Each `latest*.yml` is published with a
// `latest*.yml.sig` beside it: the Ed25519 signature of the feed's exact bytes, in base64,
// made by scripts/sign-update-feed.mjs with the release key. The app holds the public half
// (resources/update-public-key.pem). A feed whose signature does not verify is never read,
// so a file it names is never downloaded: whoever changes a file and its SHA-512 in the feed
// still cannot sign the result.
import { createPublicKey, verify, type KeyObject } from 'node:crypto'

const SIGNATURE_BYTES = 64

export type SignatureProblem = 'missing' | 'malformed' | 'mismatch'
export type SignatureVerdict = { ok: true } | { ok: false; problem: SignatureProblem }

const MESSAGES: Record<SignatureProblem, string> = {
  missing: 'The update feed is not signed',
  malformed: 'The update feed’s signature is not a signature',
  mismatch: 'The update feed’s signature does not match it'
}

/** The feed failed its signature check: it is not what the publisher signed. */
export class FeedSignatureError extends Error {
  readonly code = 'ERR_UPDATE_SIGNATURE'
  constructor(readonly problem: SignatureProblem) {
    super(MESSAGES[problem])
  }
}

/** An Ed25519 public key from its PEM text; throws on anything else. */
export function updatePublicKey(pem: string): KeyObject {
  const key = createPublicKey(pem)
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`The update key must be an Ed25519 key, not ${key.asymmetricKeyType ?? 'unknown'}`)
  return key
}

/** The signature in a `.sig` file's text (base64, surrounding whitespace allowed), or null if it is not one. */
function signatureBytes(text: string): Buffer | null {
  const trimmed = text.trim()
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) return null
  const bytes = Buffer.from(trimmed, 'base64')
  return bytes.length === SIGNATURE_BYTES ? bytes : null
}

/** Whether `signatureText` (a `.sig` file's text, or null when there was none) signs exactly `feed`. */
export function checkFeedSignature(feed: string | Buffer, signatureText: string | null, key: KeyObject): SignatureVerdict {
  if (signatureText == null || signatureText.trim() === '') return { ok: false, problem: 'missing' }
  const signature = signatureBytes(signatureText)
  if (!signature) return { ok: false, problem: 'malformed' }
  const data = typeof feed === 'string' ? Buffer.from(feed, 'utf8') : feed
  return verify(null, data, key, signature) ? { ok: true } : { ok: false, problem: 'mismatch' }
}
