// Signs a release's update feed, so that the installed apps accept it.
//
//   node scripts/sign-update-feed.mjs <release folder>
//     Signs every latest*.yml in the folder (the feeds electron-builder writes beside the
//     installers) with the Ed25519 private key in MEDIAGEN_UPDATE_SIGNING_KEY (PEM), writing
//     latest*.yml.sig beside each. Each signature is then checked with the public key the
//     app is built with (resources/update-public-key.pem, or --public-key <file>), so a
//     release signed with the wrong key is caught here rather than refused by every user.
//
//   node scripts/sign-update-feed.mjs --generate-key [public key file]
//     Makes a new key pair: writes the public key (default resources/update-public-key.pem,
//     built into the next version of the app) and prints the private key once, to be kept
//     as a secret of the release process (never in the repository).
//
// The signature covers the feed's exact bytes: sign after the last change to the file.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const KEY_ENV = 'MEDIAGEN_UPDATE_SIGNING_KEY'
const DEFAULT_PUBLIC_KEY = join('resources', 'update-public-key.pem')

function fail(message) {
  console.error(message)
  process.exit(1)
}

function generateKey(publicKeyFile) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  writeFileSync(publicKeyFile, publicKey.export({ type: 'spki', format: 'pem' }))
  console.error(`Public key written to ${publicKeyFile}. Keep the private key below as the secret ${KEY_ENV}:`)
  console.log(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().trim())
}

function signFeeds(folder, publicKeyFile) {
  const pem = process.env[KEY_ENV]
  if (!pem) fail(`${KEY_ENV} is not set: it must hold the Ed25519 private key (PEM) the release is signed with.`)
  let privateKey
  try {
    privateKey = createPrivateKey(pem.replace(/\\n/g, '\n'))
  } catch (err) {
    fail(`${KEY_ENV} does not hold a private key: ${err.message}`)
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') fail(`${KEY_ENV} must be an Ed25519 key, not ${privateKey.asymmetricKeyType}`)
  const publicKey = createPublicKey(readFileSync(publicKeyFile, 'utf8'))
  const feeds = readdirSync(folder).filter((name) => /^latest.*\.yml$/.test(name))
  if (feeds.length === 0) fail(`${folder} holds no latest*.yml: run electron-builder with a publish feed first.`)
  for (const name of feeds) {
    const feed = readFileSync(join(folder, name))
    const signature = sign(null, feed, privateKey)
    if (!verify(null, feed, publicKey, signature)) fail(`The signing key does not match ${publicKeyFile}: the app would refuse this release.`)
    writeFileSync(join(folder, `${name}.sig`), `${signature.toString('base64')}\n`)
    console.log(`signed ${join(folder, name)}`)
  }
}

const args = process.argv.slice(2)
if (args[0] === '--generate-key') {
  generateKey(args[1] ?? DEFAULT_PUBLIC_KEY)
} else {
  const keyFlag = args.indexOf('--public-key')
  const publicKeyFile = keyFlag >= 0 ? args[keyFlag + 1] : DEFAULT_PUBLIC_KEY
  const folder = args.find((a, i) => !a.startsWith('--') && (keyFlag < 0 || i !== keyFlag + 1))
  if (!folder || !publicKeyFile) fail('Usage: node scripts/sign-update-feed.mjs <release folder> [--public-key <file>] | --generate-key [public key file]')
  signFeeds(folder, publicKeyFile)
}
