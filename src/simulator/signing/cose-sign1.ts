// The COSE_Sign1 signature (RFC 9052) of a C2PA claim, as the C2PA specification asks
// for it: ES256 over the claim (a detached payload), the certificate chain in the
// protected `x5chain` header (RFC 9360), and zero padding in the unprotected header so the
// signature fills exactly the space reserved for it in the file.
import { createPrivateKey, sign, X509Certificate, type KeyObject } from 'node:crypto'
import { encode } from 'cborg'

const ALG = 1
const ES256 = -7
const X5CHAIN = 33
/** CBOR tag 18 (COSE_Sign1) in one byte: major type 6, value 18. */
const COSE_SIGN1_TAG = 0xd2

export interface CoseSigner {
  /** The bytes reserved for the signature in the file; every signature is exactly this long. */
  reserveSize: number
  signClaim(claim: Uint8Array): Uint8Array
}

export function coseSigner(chainPem: readonly string[], keyPem: string, reserveSize = 4096): CoseSigner {
  const chain = chainPem.map((pem) => new Uint8Array(new X509Certificate(pem).raw))
  const key: KeyObject = createPrivateKey(keyPem)
  const protectedHeader = encode(new Map<number, unknown>([[ALG, ES256], [X5CHAIN, chain]]))
  return {
    reserveSize,
    signClaim(claim) {
      const toBeSigned = encode(['Signature1', protectedHeader, new Uint8Array(0), claim])
      // COSE takes an ECDSA signature as r and s side by side, not DER.
      const signature = new Uint8Array(sign('sha256', toBeSigned, { key, dsaEncoding: 'ieee-p1363' }))
      return padded(protectedHeader, signature, reserveSize)
    }
  }
}

function sign1(protectedHeader: Uint8Array, signature: Uint8Array, pad: number): Uint8Array {
  const body = encode([protectedHeader, new Map([['pad', new Uint8Array(pad)]]), null, signature])
  const out = new Uint8Array(body.length + 1)
  out[0] = COSE_SIGN1_TAG
  out.set(body, 1)
  return out
}

/** The signature with as much padding as makes it `size` bytes (a pad's length prefix grows in steps, so a size can be one byte short of reach). */
function padded(protectedHeader: Uint8Array, signature: Uint8Array, size: number): Uint8Array {
  let pad = size - sign1(protectedHeader, signature, 0).length
  if (pad < 0) throw new RangeError(`the signature needs more than the ${size} bytes reserved for it`)
  for (; pad >= 0; pad--) {
    const out = sign1(protectedHeader, signature, pad)
    if (out.length <= size) return out
  }
  return sign1(protectedHeader, signature, 0)
}
