// The door file: how a command line finds the holder of a data folder. The holder writes
// it, owner-only (0600), each time it starts serving: where it listens and a random token
// made for that time, which every request must carry. A file left by a holder that died
// leads to a socket nobody listens on, and the command line then takes the folder itself;
// the next holder writes a new token, so one read before is of no use after.
import { randomBytes, timingSafeEqual, createHash } from 'node:crypto'
import { readFile, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../fs/atomic-write'

const DOOR_FILE = 'cli-door.json'

const doorSchema = z.object({ v: z.literal(1), pid: z.number().int().positive(), address: z.string().min(1).max(4096), token: z.string().min(32).max(256) })
export type Door = z.infer<typeof doorSchema>

export function doorFileOf(dir: string): string {
  return join(dir, DOOR_FILE)
}

/** A fresh token: 256 random bits. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Writes the door file, readable by its owner only. */
export async function writeDoor(dir: string, door: Omit<Door, 'v'>): Promise<void> {
  await writeFileAtomic(doorFileOf(dir), JSON.stringify({ v: 1, ...door }), false)
}

/** The door file, or null when there is none or it cannot be read as one. */
export async function readDoor(dir: string): Promise<Door | null> {
  const text = await readFile(doorFileOf(dir), 'utf8').catch(() => null)
  if (text === null) return null
  try {
    const parsed = doorSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Removes the door file if it is still this holder's (a later holder may have written its own). */
export async function removeDoorIfOurs(dir: string, token: string): Promise<void> {
  const door = await readDoor(dir)
  if (door && tokensMatch(door.token, token)) await unlink(doorFileOf(dir)).catch(() => undefined)
}

/** Compares two tokens in time that does not depend on where they differ. */
export function tokensMatch(given: string, expected: string): boolean {
  // Hashed first: timingSafeEqual needs equal lengths, and the length must not leak either.
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}
