// A tool result beside what it was made from: the before/after slider, with the kept
// copy of the input as "before" (the same bytes as the source output, and still there
// when the source has been removed or came from disk).
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import { libraryUrl } from '../../api/transport'
import { BeforeAfter } from '../../ui/BeforeAfter'
import { entryTitle, fileUrl } from '../entries/entry-media'
import { isToolResult, sourceInputOf } from './entry-source'

/** Whether `SourceCompare` has something to show for this entry and file. */
export function canCompare(entry: LibraryEntry, file: LibraryFile | undefined): boolean {
  return !!file && file.role === 'image' && fileUrl(file) !== null && isToolResult(entry) && sourceInputOf(entry) !== null
}

export function SourceCompare({ entry, file, className }: { entry: LibraryEntry; file: LibraryFile | undefined; className?: string }) {
  const input = sourceInputOf(entry)
  const after = file ? fileUrl(file) : null
  if (!input || !after || !canCompare(entry, file)) return null
  return (
    <BeforeAfter
      before={{ src: libraryUrl(input.path), alt: `Before: ${input.fileName}` }}
      after={{ src: after, alt: `After: ${entryTitle(entry)}` }}
      label="Compare with the original"
      testId="before-after"
      className={className}
    />
  )
}
