// The library's pictures seen beside one another, as the engine offers them: "Find
// similar", the Duplicates view, an entry's lineage, and the pass that fills in the looks
// of an older library's pictures (and compares new ones) in the background.
import type { DuplicatesPage, DuplicatesQuery, Lineage, LookProgress, SimilarPage, SimilarQuery } from '../../../../shared/app/library-pictures'
import { pictureLookOfFile } from '../../media/picture-look'
import type { Library } from '../library'
import { duplicatesPage } from './duplicate-groups'
import { lineageOf } from './lineage'
import { PictureBackfill, type BackfillOptions } from './picture-backfill'
import { similarPictures } from './similar-pictures'

export class LibraryPictures {
  readonly #backfill: PictureBackfill
  readonly #unsubscribe: () => void

  constructor(private readonly library: Library, private readonly opts: BackfillOptions = {}) {
    this.#backfill = new PictureBackfill(library, opts)
    // A saved or imported picture comes measured; the pass compares it with the rest.
    this.#unsubscribe = library.onChange(() => this.#backfill.nudge())
  }

  /** Begins the pass in the background (it waits for the check of the library at start). */
  start(): void {
    this.#backfill.start()
  }

  similar(q: SimilarQuery): Promise<SimilarPage> {
    return similarPictures(this.library, q, this.opts.measure ?? pictureLookOfFile)
  }

  duplicates(q: DuplicatesQuery): Promise<DuplicatesPage> {
    return duplicatesPage(this.library, q)
  }

  lineage(jobId: string): Lineage {
    return lineageOf(this.library, jobId)
  }

  progress(): LookProgress {
    return this.#backfill.progress()
  }

  /** Stops the pass (the picture under way is finished first); the library can then close. */
  async close(): Promise<void> {
    this.#unsubscribe()
    await this.#backfill.stop()
  }
}
