// What the import says about a file it leaves out, in one place: each is a whole sentence
// (with the one value it names), so it can be translated as it stands.
import { MAX_IMPORT_BYTES } from './import-limits'

const MIB = 1024 * 1024

export const SKIP = {
  link: 'A link: links are not followed, so nothing outside the folder is imported',
  special: 'Not a regular file',
  empty: 'The file is empty',
  tooLarge: `Larger than ${MAX_IMPORT_BYTES / MIB} MiB: too large to import`,
  notMedia: 'Not a picture this app recognises',
  notPicture: (kind: string) => `A ${kind} file: only pictures are imported`,
  damaged: 'The picture is damaged: it cannot be shown',
  removed: 'You removed this picture from the library earlier; it stays removed',
  copyMismatch: 'The copy in the library did not match the original, so nothing was imported; try again',
  unreadable: (why: string) => `It could not be read (${why})`,
  unwritable: (why: string) => `It could not be copied into the library (${why})`
} as const
