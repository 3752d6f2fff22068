// Compares pictures not yet compared with the rest of the library for near-identical ones
// (at most 6 bits apart) through the index's blocks, and marks those that have one as
// twins (see duplicate-groups). Each picture is compared once, after it is indexed: a
// pair is found when the later of its two pictures is compared, since the earlier one is
// in the index by then.
import { DUPLICATE_DISTANCE } from '../../../../shared/app/library-pictures'
import type { PictureIndex } from '../index/picture-index'

/** Compares up to `limit` pictures, newest first, resting with `pace` between them; returns how many. */
export async function pairPictures(pictures: PictureIndex, limit: number, pace: () => Promise<void> = async () => undefined): Promise<number> {
  const waiting = pictures.unpaired(limit)
  for (const p of waiting) {
    const twins = pictures.near(p, DUPLICATE_DISTANCE).filter((n) => n.seq !== p.seq || n.file !== p.file)
    pictures.markPaired(p, twins)
    await pace()
  }
  return waiting.length
}
