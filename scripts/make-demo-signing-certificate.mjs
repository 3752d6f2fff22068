// Makes the TEST certificate the demo service signs Content Credentials with, and writes it
// to src/simulator/signing/demo-certificate.ts: a test CA that nobody trusts, and a signing
// certificate it issued, in the profile C2PA requires of a claim signer (EC P-256,
// digitalSignature, an extended key usage, key identifiers). Needs `openssl`.
// Run it again only to replace the certificate: `node scripts/make-demo-signing-certificate.mjs`.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const OUT = join(process.cwd(), 'src', 'simulator', 'signing', 'demo-certificate.ts')
const DAYS = String(20 * 365)
const CONFIG = `[req]
distinguished_name = dn
prompt = no
[dn]
CN = MediaGen Demo Test CA (not trusted)
O = MediaGen Studio demo service (test only)
[ca]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[signer]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = emailProtection
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
`

const dir = mkdtempSync(join(tmpdir(), 'demo-cert-'))
const at = (name) => join(dir, name)
function openssl(...args) {
  const run = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' })
  if (run.error || run.status !== 0) throw new Error(`openssl ${args[0]} failed: ${run.error?.message ?? run.stderr}`)
}

try {
  writeFileSync(at('openssl.cnf'), CONFIG)
  openssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', at('ca.key'))
  openssl('req', '-x509', '-new', '-key', at('ca.key'), '-sha256', '-days', DAYS, '-config', at('openssl.cnf'), '-extensions', 'ca', '-out', at('ca.pem'))
  openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', at('signer.key'))
  openssl('req', '-new', '-key', at('signer.key'), '-subj', '/CN=MediaGen Demo Signer (test certificate)/O=MediaGen Demo Service (test certificate)', '-out', at('signer.csr'))
  openssl('x509', '-req', '-in', at('signer.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-CAcreateserial', '-sha256', '-days', DAYS, '-extfile', at('openssl.cnf'), '-extensions', 'signer', '-out', at('signer.pem'))
  const pem = (name) => readFileSync(at(name), 'utf8').trim()
  writeFileSync(OUT, `// A TEST certificate, for the demo service only: it signs the Content Credentials of the
// demo outputs of chosen models, so that the app's handling of signed files can be seen and
// tested without a vendor. Its CA is trusted by nobody, and its private key is public (it
// is right here): a file signed with it proves nothing about who made it. Made by
// scripts/make-demo-signing-certificate.mjs; do not edit by hand.

/** The signing certificate, then the test CA that issued it (the chain a manifest carries). */
export const DEMO_CERTIFICATE_CHAIN_PEM = [
  \`${pem('signer.pem')}\`,
  \`${pem('ca.pem')}\`
]

/** The signing certificate's private key (PKCS #8). Public on purpose: this is a test key. */
export const DEMO_SIGNING_KEY_PEM = \`${pem('signer.key')}\`
`)
  console.log(`wrote ${OUT}`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
