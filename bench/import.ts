// Import benchmark: BENCH_IMPORT_FILES (default 10,000) small PNGs with A1111 text, in
// folders of 1,000, imported into a fresh library through the app's own importer (read,
// hash, settings, copy, verify, thumbnail, entry, journal, each fsynced), against `cp -r`
// of the same folder in the same run (no hashing, no sync: the floor of any copy). Then
// the same folder again, where every file is already in and is skipped.
//
//   npm run bench -- import        (BENCH_IMPORT_FILES=1000 for a quick check)
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { importFolder } from '../src/main/core/import/import-folder'
import { Library } from '../src/main/core/library/library'

const FILES = Number(process.env.BENCH_IMPORT_FILES ?? 10_000)
const PER_FOLDER = 1000
const run = promisify(execFile)

function textChunk(keyword: string, text: string): Buffer {
  const data = Buffer.concat([Buffer.from(`${keyword}\0`, 'latin1'), Buffer.from(text, 'latin1')])
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write('tEXt', 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0)
  return Buffer.concat([head, data, crc])
}

/** The folder: each PNG the same 64×64 picture with its own A1111 text, as A1111 writes it. */
async function makeFolder(dir: string): Promise<number> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer()
  const ihdrEnd = 8 + 12 + png.readUInt32BE(8)
  let bytes = 0
  for (let i = 0; i < FILES; i++) {
    const folder = join(dir, `batch-${String(Math.floor(i / PER_FOLDER)).padStart(3, '0')}`)
    if (i % PER_FOLDER === 0) await mkdir(folder, { recursive: true })
    const text = `a lighthouse at dusk, oil painting, variation ${i}\nNegative prompt: blurry\nSteps: ${20 + (i % 30)}, Sampler: Euler a, CFG scale: 7, Seed: ${1_000_000 + i}, Size: 64x64, Model: sd_xl_base_1.0, Version: v1.10.1`
    const file = Buffer.concat([png.subarray(0, ihdrEnd), textChunk('parameters', text), png.subarray(ihdrEnd)])
    bytes += file.length
    await writeFile(join(folder, `${String(i).padStart(5, '0')}.png`), file)
  }
  return bytes
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now()
  const value = await fn()
  return { value, seconds: (performance.now() - started) / 1000 }
}

const perSecond = (files: number, seconds: number) => Math.round(files / seconds)

export async function benchImport(): Promise<Record<string, number | string>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-import-'))
  try {
    const source = join(dir, 'pictures')
    const bytes = await makeFolder(source)
    // Twice, the faster kept: the first also brings the folder into the page cache.
    const copies = [await timed(() => run('cp', ['-r', source, join(dir, 'copy-1')])), await timed(() => run('cp', ['-r', source, join(dir, 'copy-2')]))]
    const cp = Math.min(...copies.map((c) => c.seconds))
    const library = await Library.open(join(dir, 'library'))
    try {
      const first = await timed(() => importFolder(library, source))
      const again = await timed(() => importFolder(library, source))
      if (first.value.imported !== FILES || again.value.duplicates !== FILES) throw new Error(`imported ${first.value.imported}, then ${again.value.duplicates} already there, of ${FILES}`)
      const ours = perSecond(FILES, first.seconds)
      return {
        files: FILES,
        megabytes: Number((bytes / 1024 / 1024).toFixed(1)),
        cp_r_seconds: Number(cp.toFixed(2)),
        cp_r_files_per_second: perSecond(FILES, cp),
        import_seconds: Number(first.seconds.toFixed(2)),
        import_files_per_second: ours,
        import_again_files_per_second: perSecond(FILES, again.seconds),
        summary: `import: ${ours.toLocaleString('en-US')} files/s against cp -r at ${perSecond(FILES, cp).toLocaleString('en-US')} files/s (${(cp / first.seconds * 100).toFixed(1)}% of its speed, with every copy hashed, verified and synced, its settings read and its thumbnail made); the same folder again at ${perSecond(FILES, again.seconds).toLocaleString('en-US')} files/s`
      }
    } finally {
      await library.close()
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
