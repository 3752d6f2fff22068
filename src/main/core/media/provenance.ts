// Checks the Content Credentials a picture carries with the C2PA reference implementation
// (c2pa-rs, built to WebAssembly: @contentauth/c2pa-wasm), so no native module is needed
// in any shell. What is verified: the manifest's COSE signature over its claim, and the
// hashes that bind the claim to the file's bytes; and, only when the caller gives trust
// anchors, whether the signing certificate chains to one of them. No trust list is built
// in, so a signer is never called trusted by default. Nothing is fetched: no OCSP, no
// remote manifest.
//
// The WebAssembly module (9 MB) is compiled on the first file that carries a manifest.
import { createRequire } from 'node:module'
import { readFile } from 'node:fs/promises'
import type { Provenance } from '../../../shared/app/views'
import { credentialsFormatOf, hasContentCredentials } from './content-credentials'
import type * as C2paModule from '@contentauth/c2pa-wasm'

/** Larger pictures are found to carry a manifest but not verified (c2pa-rs holds the whole file in its memory). */
export const MAX_VERIFIED_BYTES = 256 * 1024 * 1024

/** What a file with no manifest records. */
export const NO_CREDENTIALS: Provenance = { present: false, valid: null, trusted: false, signer: null, issues: [] }

/** An untrusted issuer is what `trusted: false` says; it is not listed again among the issues. */
const UNTRUSTED = 'signingCredential.untrusted'
/** A manifest the reader could not parse at all (C2PA names no code for it). */
export const UNREADABLE = 'manifest.unreadable'
export const TOO_LARGE = 'manifest.notVerified.fileTooLarge'
/** The verifier could not be loaded (then nothing is said about the signature). */
export const VERIFIER_UNAVAILABLE = 'manifest.notVerified.verifierUnavailable'
/** What a signing certificate says is shown, never trusted to be short. */
const MAX_SIGNER_LENGTH = 200
const MAX_ISSUES = 20

const MIME = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const

type C2pa = typeof C2paModule
let loading: Promise<C2pa> | null = null

function c2pa(): Promise<C2pa> {
  loading ??= (async () => {
    const mod = await import('@contentauth/c2pa-wasm')
    const wasmPath = createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm')
    // Compiled off the main thread; only then instantiated.
    await mod.default({ module_or_path: await readFile(wasmPath) })
    return mod
  })()
  // A failed load is tried again with the next file rather than remembered.
  loading.catch(() => (loading = null))
  return loading
}

export interface ProvenanceOptions {
  /** PEM certificates whose signers count as trusted issuers (none by default). */
  trustAnchorsPem?: string
}

interface ManifestStore {
  active_manifest?: string
  manifests?: Record<string, { signature_info?: { issuer?: string; common_name?: string } }>
  validation_state?: string
  validation_results?: { activeManifest?: { failure?: Array<{ code?: string }> } }
}

function readerSettings(options: ProvenanceOptions): string {
  return JSON.stringify({
    verify: { verify_trust: true, ocsp_fetch: false, remote_manifest_fetch: false },
    ...(options.trustAnchorsPem ? { trust: { user_anchors: options.trustAnchorsPem } } : {})
  })
}

/** The report of c2pa-rs, as the library records it. */
function fromStore(store: ManifestStore): Provenance {
  const active = store.active_manifest ? store.manifests?.[store.active_manifest] : undefined
  const info = active?.signature_info
  const failures = (store.validation_results?.activeManifest?.failure ?? []).map((f) => f.code ?? 'unknown')
  const state = store.validation_state
  return {
    present: true,
    valid: active !== undefined && (state === 'Valid' || state === 'Trusted'),
    trusted: active !== undefined && state === 'Trusted',
    signer: (info?.issuer ?? info?.common_name)?.slice(0, MAX_SIGNER_LENGTH) ?? null,
    issues: [...new Set(failures.filter((code) => code !== UNTRUSTED))].slice(0, MAX_ISSUES)
  }
}

/**
 * The Content Credentials in a picture's bytes. A manifest that cannot be parsed is
 * present and not valid; a verifier that cannot be loaded leaves `valid` null.
 */
export async function provenanceOfBytes(bytes: Buffer, options: ProvenanceOptions = {}): Promise<Provenance> {
  const format = credentialsFormatOf(bytes)
  if (!format || !hasContentCredentials(bytes)) return NO_CREDENTIALS
  if (bytes.length > MAX_VERIFIED_BYTES) return { present: true, valid: null, trusted: false, signer: null, issues: [TOO_LARGE] }
  let lib: C2pa
  try {
    lib = await c2pa()
  } catch {
    return { present: true, valid: null, trusted: false, signer: null, issues: [VERIFIER_UNAVAILABLE] }
  }
  let reader: Awaited<ReturnType<C2pa['WasmReader']['fromBytes']>> | null = null
  try {
    reader = await lib.WasmReader.fromBytes(MIME[format], bytes, readerSettings(options))
    return fromStore(JSON.parse(reader.json()) as ManifestStore)
  } catch {
    return { present: true, valid: false, trusted: false, signer: null, issues: [UNREADABLE] }
  } finally {
    reader?.free()
  }
}

/**
 * The Content Credentials of a picture on disk (PNG, JPEG or WebP; any other file has
 * none the app reads). Throws only when the file cannot be read.
 */
export async function provenanceOfFile(path: string, options: ProvenanceOptions = {}): Promise<Provenance> {
  return provenanceOfBytes(await readFile(path), options)
}
