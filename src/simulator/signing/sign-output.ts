// Content Credentials for demo outputs: a C2PA manifest saying the picture was made by a
// trained algorithm (IPTC's "trainedAlgorithmicMedia", the marking the EU AI Act's Article
// 50 asks of generated images), signed with the demo's TEST certificate, embedded with the
// C2PA reference implementation (c2pa-rs as WebAssembly). Some vendors sign their outputs
// so; the demo service does it for the models it is told to, so the app's handling of
// signed files shows in demo mode.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { RenderedOutput } from '../outputs'
import { coseSigner, type CoseSigner } from './cose-sign1'
import { DEMO_CERTIFICATE_CHAIN_PEM, DEMO_SIGNING_KEY_PEM } from './demo-certificate'
import type * as C2paModule from '@contentauth/c2pa-wasm'

type C2pa = typeof C2paModule

const SIGNABLE = new Set(['image/png', 'image/jpeg', 'image/webp'])
const TRAINED_ALGORITHMIC_MEDIA = 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia'

let loading: Promise<C2pa> | null = null
function c2pa(): Promise<C2pa> {
  loading ??= (async () => {
    const mod = await import('@contentauth/c2pa-wasm')
    const wasmPath = createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm')
    // Compiled off the main thread; only then instantiated.
    await mod.default({ module_or_path: await readFile(wasmPath) })
    return mod
  })()
  return loading
}

let signer: CoseSigner | null = null
const demoSigner = (): CoseSigner => (signer ??= coseSigner(DEMO_CERTIFICATE_CHAIN_PEM, DEMO_SIGNING_KEY_PEM))

function canSign(mime: string): boolean {
  return SIGNABLE.has(mime)
}

/**
 * The Blob the builder reads the picture from, over bytes in memory. The builder reads a
 * Blob with the browser's FileReaderSync, which Node lacks: `withByteReader` lends it one
 * that reads these sources only, for the length of a signing.
 */
class ByteSource {
  constructor(readonly bytes: Uint8Array) {}
  get size(): number {
    return this.bytes.length
  }
  slice(start?: number, end?: number): ByteSource {
    return new ByteSource(this.bytes.subarray(start, end))
  }
}

class ByteSourceReader {
  readAsArrayBuffer(source: unknown): ArrayBuffer {
    if (!(source instanceof ByteSource)) throw new TypeError('only in-memory pictures are signed here')
    return source.bytes.slice().buffer
  }
}

// One signing at a time, so the reader lent to the global scope is ours throughout.
let queue: Promise<unknown> = Promise.resolve()

async function withByteReader<T>(run: () => Promise<T>): Promise<T> {
  const scope = globalThis as { FileReaderSync?: unknown }
  const before = scope.FileReaderSync
  scope.FileReaderSync = ByteSourceReader
  try {
    return await run()
  } finally {
    if (before === undefined) delete scope.FileReaderSync
    else scope.FileReaderSync = before
  }
}

function manifestDefinition(title: string, model: string): string {
  return JSON.stringify({
    title,
    claim_generator_info: [{ name: 'MediaGen demo service', version: '1' }],
    assertions: [{
      label: 'c2pa.actions.v2',
      data: { actions: [{ action: 'c2pa.created', digitalSourceType: TRAINED_ALGORITHMIC_MEDIA, softwareAgent: { name: `MediaGen demo model ${model}` } }] }
    }]
  })
}

/** The picture with a signed C2PA manifest embedded; its pixels are untouched. */
function signPicture(bytes: Buffer, mime: string, title: string, model: string): Promise<Buffer> {
  const run = queue.then(async () => {
    const lib = await c2pa()
    const cose = demoSigner()
    const builder = lib.WasmBuilder.fromJson(manifestDefinition(title, model))
    try {
      const signed = await withByteReader(() =>
        builder.sign({ alg: 'es256', reserveSize: cose.reserveSize, sign: (claim) => Promise.resolve(cose.signClaim(claim) as Uint8Array<ArrayBuffer>) }, [], mime, new ByteSource(new Uint8Array(bytes)) as unknown as Blob)
      )
      return Buffer.from(signed)
    } finally {
      builder.free()
    }
  })
  queue = run.catch(() => undefined)
  return run
}

/** The outputs of a job of `model`, each picture signed (video and audio as they are). */
export async function withContentCredentials(outputs: readonly RenderedOutput[], model: string): Promise<RenderedOutput[]> {
  const signed: RenderedOutput[] = []
  for (const o of outputs) signed.push(canSign(o.mime) ? { ...o, bytes: await signPicture(o.bytes, o.mime, o.name, model) } : o)
  return signed
}
