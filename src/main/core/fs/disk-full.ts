// A full disk, told in words: a change refused for want of room says so and that nothing
// was changed. It carries ENOSPC's code, so whatever waits for room (the saver) treats it
// as the full disk it is.
import { errorCode } from './atomic-write'

const NO_ROOM = new Set(['ENOSPC', 'EDQUOT', 'EFBIG'])

/** True when a file-system error means the disk (or the user's quota) has no room left. */
export function isNoRoom(err: unknown): boolean {
  const code = errorCode(err)
  return code !== undefined && NO_ROOM.has(code)
}

export class DiskFullError extends Error {
  readonly code = 'ENOSPC'
  constructor() {
    super('The disk is full, so nothing was changed. Free some space and try again.')
  }
}
