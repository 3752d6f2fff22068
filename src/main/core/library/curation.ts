// How the user keeps and finds things in the library, as the engine offers it: boards and
// their folders with favourites (collections), tags, smart collections, and files found
// by their bytes. One object per open library, so the engine's own surface stays small.
import type { Library } from './library'
import type { LibraryCollections } from './collections'
import { LibraryTags } from './library-tags'
import type { SmartCollections } from './smart-collections'
import { entriesWithContent, settingsOfContent, type SettingsTexts } from './files-by-content'
import type { LibraryEntry } from '../../../shared/app/views'

export class Curation {
  readonly tags: LibraryTags

  constructor(private readonly library: Library, readonly collections: LibraryCollections, readonly smart: SmartCollections) {
    this.tags = new LibraryTags(library)
  }

  /** The settings of the library's file with these bytes (inside it or beside it), or null. */
  settingsOfContent(bytes: Buffer): Promise<SettingsTexts | null> {
    return settingsOfContent(this.library, bytes)
  }

  /** The library's entries holding a file with these bytes, newest first. */
  entriesWithContent(bytes: Buffer): LibraryEntry[] {
    return entriesWithContent(this.library, bytes).map((hit) => hit.entry)
  }
}
