// The saver's download tasks: one per output, named `<jobId>:<index>`, each taking only
// the kinds of media its role may hold.
import type { LibraryFile } from '../../../shared/app/views'

export const EXPECTED_KINDS: Record<LibraryFile['role'], ('image' | 'video' | 'audio')[] | undefined> = {
  image: ['image'], grid: ['image'], video: ['video'], track: ['audio'], other: undefined
}

export const outputTaskId = (jobId: string, index: number): string => `${jobId}:${index}`

/** The job and the output index a task is for. */
export function splitTaskId(id: string): [string, number] {
  const at = id.lastIndexOf(':')
  return [id.slice(0, at), Number(id.slice(at + 1))]
}
