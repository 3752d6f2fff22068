// "Find similar": the pictures of the library within 12 bits (or fewer, if asked) of one
// picture's perceptual hash, nearest first, found through the index's blocks (see
// index/picture-blocks: every picture within the distance is found, without reading the
// rest). A picture not measured yet is measured first, so any picture can be asked about.
import { SIMILAR_MAX_DISTANCE, type SimilarPage, type SimilarQuery } from '../../../../shared/app/library-pictures'
import { AppFailure } from '../../../../shared/app/app-failure'
import type { LibraryEntry } from '../../../../shared/app/views'
import { hashParts } from '../index/picture-blocks'
import type { Library } from '../library'
import { measureLooks, needsLook, type MeasureLook } from './measure-looks'
import { tm } from '../../i18n/main-i18n'

const NOT_A_PICTURE = (): string => tm('main:pictures.notAPicture')
const UNREADABLE = (): string => tm('main:pictures.undecodable')

/** The entry's picture `index`, measured first if it was not yet. */
async function lookedAt(library: Library, jobId: string, index: number, measure: MeasureLook): Promise<string> {
  let entry = library.get(jobId)
  if (!entry) throw new AppFailure('not_found', tm('main:pictures.notInLibrary'))
  let file = entry.files.find((f) => f.index === index)
  if (!file) throw new AppFailure('not_found', tm('main:pictures.noSuchFile'))
  if (needsLook(file)) {
    entry = (await measureLooks(library, jobId, measure, index)).entry ?? entry
    file = entry.files.find((f) => f.index === index) ?? file
  }
  if (file.look === null) throw new AppFailure('conflict', UNREADABLE())
  if (!file.look) throw new AppFailure('conflict', NOT_A_PICTURE())
  return file.look.perceptualHash
}

export async function similarPictures(library: Library, q: SimilarQuery, measure: MeasureLook): Promise<SimilarPage> {
  const hash = hashParts(await lookedAt(library, q.jobId, q.index, measure))
  if (!hash) throw new AppFailure('conflict', UNREADABLE())
  const pictures = library.index.pictures
  const self = pictures.seqOf(q.jobId)
  const near = pictures
    .near(hash, q.maxDistance ?? SIMILAR_MAX_DISTANCE)
    .filter((n) => n.seq !== self || n.file !== q.index)
    .sort((a, b) => a.distance - b.distance || b.seq - a.seq || a.file - b.file)
  const offset = q.offset ?? 0
  const entries = new Map<number, LibraryEntry | undefined>()
  const items = near.slice(offset, offset + (q.limit ?? 60)).flatMap((n) => {
    if (!entries.has(n.seq)) entries.set(n.seq, pictures.entryAt(n.seq))
    const entry = entries.get(n.seq)
    return entry?.files.some((f) => f.index === n.file && f.look) ? [{ entry, index: n.file, distance: n.distance }] : []
  })
  return { items, total: near.length }
}
