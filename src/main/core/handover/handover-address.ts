// Where a data folder's holder listens for the command line. On Unix, a socket file in the
// folder itself (only its owner can reach it there, and it is made 0600), unless the
// folder's path is too long for a socket's address (sun_path: 104 bytes on macOS, 108 on
// Linux): then in the user's own runtime folder, which must be private to the user. On
// Windows, a named pipe whose name comes from the folder and, made fresh each time the
// holder starts serving, a random part, so another user cannot take the name before the
// holder does. The command line finds the address in the door file (door-file.ts) and
// checks it is one this user's holder could have made before it sends anything there.
import { createHash, randomBytes } from 'node:crypto'
import { lstat, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, isAbsolute, join, resolve } from 'node:path'

/** The longest socket path every Unix takes (macOS's sun_path, less its closing NUL). */
const MAX_SOCKET_PATH_BYTES = 103
const SOCKET_NAME = 'cli.sock'
const PIPE_PREFIX = '\\\\.\\pipe\\mediagen-studio-'

const isWindows = () => process.platform === 'win32'

function folderHash(dir: string): string {
  const key = isWindows() ? resolve(dir).toLowerCase() : resolve(dir)
  return createHash('sha256').update(key).digest('hex').slice(0, 32)
}

/** The socket file in the folder itself, where the address fits. */
export function socketInFolder(dir: string): string {
  return join(dir, SOCKET_NAME)
}

/** Refuses a folder another user owns or could write into: a socket there could be someone else's. */
async function checkPrivateFolder(dir: string): Promise<void> {
  const s = await lstat(dir)
  const uid = process.getuid?.()
  if (!s.isDirectory() || (uid !== undefined && s.uid !== uid) || (s.mode & 0o077) !== 0) {
    throw new Error(`${dir} is not a folder only this user can open`)
  }
}

/** The user's private runtime folder: XDG_RUNTIME_DIR, or one of ours in the temp folder. */
async function runtimeFolder(): Promise<string> {
  const xdg = process.env.XDG_RUNTIME_DIR
  if (xdg && isAbsolute(xdg)) {
    const ok = await checkPrivateFolder(xdg).then(() => true, () => false)
    if (ok) return xdg
  }
  const own = join(tmpdir(), `mediagen-studio-${process.getuid?.() ?? 'user'}`)
  await mkdir(own, { recursive: true, mode: 0o700 })
  await checkPrivateFolder(own)
  return own
}

/** The address a holder of `dir` listens on from now. Throws when no private address fits. */
export async function chooseAddress(dir: string): Promise<string> {
  if (isWindows()) return `${PIPE_PREFIX}${folderHash(dir)}-${randomBytes(8).toString('hex')}`
  const inFolder = socketInFolder(dir)
  if (Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH_BYTES) return inFolder
  const path = join(await runtimeFolder(), `mediagen-${folderHash(dir)}.sock`)
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) throw new Error(`no socket path short enough for ${dir} (the runtime folder's path is too long)`)
  return path
}

/** Whether a socket address is one this user's holder of `dir` made; throws saying why not. */
export async function checkAddress(dir: string, address: string): Promise<void> {
  if (isWindows()) {
    if (!address.startsWith(`${PIPE_PREFIX}${folderHash(dir)}-`)) throw new Error(`${address} is not this folder's pipe`)
    return
  }
  if (address !== socketInFolder(dir)) await checkPrivateFolder(dirname(address))
  const s = await lstat(address)
  const uid = process.getuid?.()
  if (!s.isSocket() || (uid !== undefined && s.uid !== uid)) throw new Error(`${address} is not this user's socket`)
}
