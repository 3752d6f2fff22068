// Files as they may lie in the library folder, for the shells that serve it: media the app
// shows (each under a name that does not say its type, since the bytes decide), and files
// that must never be served, script-carrying ones first.
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
const pad = (head: Buffer) => Buffer.concat([head, Buffer.alloc(64)])

/** Served, with the type of their bytes. */
export const SERVED_SAMPLES: readonly { path: string; mime: string; bytes: Buffer }[] = [
  { path: 'files/a/picture.png', mime: 'image/png', bytes: PNG },
  { path: 'files/a/picture-named.jpg', mime: 'image/png', bytes: PNG },
  { path: 'files/a/photo.jpg', mime: 'image/jpeg', bytes: pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0])) },
  { path: 'files/a/clip.webm', mime: 'video/webm', bytes: pad(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('....webm')])) },
  { path: 'files/a/clip.mp4.txt', mime: 'video/mp4', bytes: pad(Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('ftypisom\0\0\0\0')])) },
  { path: 'files/a/song.wav', mime: 'audio/wav', bytes: pad(Buffer.from('RIFF\x24\0\0\0WAVEfmt ', 'latin1')) },
  { path: 'thumbnails/a/picture.webp', mime: 'image/webp', bytes: pad(Buffer.from('RIFF\x24\0\0\0WEBPVP8 ', 'latin1')) }
]

const SCRIPT = "<script>fetch('/api/invoke/key.clear', {method: 'POST'})</script>"

/** Never served: none is media by its bytes, whatever its name says. */
export const REFUSED_SAMPLES: readonly { path: string; bytes: Buffer }[] = [
  { path: 'files/a/drawing.svg', bytes: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`) },
  { path: 'files/a/page.html', bytes: Buffer.from(`<!doctype html>${SCRIPT}`) },
  { path: 'files/a/page-named.png', bytes: Buffer.from(`<!doctype html>${SCRIPT}`) },
  { path: 'files/a/notes-named.mp4', bytes: Buffer.from('just some text, long enough to be sniffed at all') },
  { path: 'files/a/empty.png', bytes: Buffer.alloc(0) },
  { path: 'files/a/entry.json', bytes: Buffer.from('{"jobId": "j1"}') }
]

/** Writes every sample under `root`. */
export async function writeLibrarySamples(root: string): Promise<void> {
  for (const { path, bytes } of [...SERVED_SAMPLES, ...REFUSED_SAMPLES]) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), bytes)
  }
}

/** The headers every answer about a library file carries, refusals included. */
export const SANDBOX_HEADERS = { 'content-security-policy': "sandbox; default-src 'none'", 'x-content-type-options': 'nosniff' }
