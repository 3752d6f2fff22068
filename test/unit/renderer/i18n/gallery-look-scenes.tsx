// The gallery's looks at pictures beside one another, for the pseudo-locale test: Find
// similar and the lineage in the viewer, Content Credentials, the Duplicates view, the
// colour filter and the layout switch, each drawn alone with the engine's answers; and the
// gallery itself empty, filtered to nothing, a tile, and the viewer of a signed edit.
import type { LibraryEntry, LibraryFile } from '../../../../src/shared/app/views'
import { ColourFilter } from '../../../../src/renderer/features/gallery/ColourFilter'
import { ContentCredentials } from '../../../../src/renderer/features/gallery/ContentCredentials'
import { DuplicatesList } from '../../../../src/renderer/features/gallery/DuplicatesDialog'
import { LayoutToggle } from '../../../../src/renderer/features/gallery/LayoutToggle'
import { LineageChain } from '../../../../src/renderer/features/gallery/LineageChain'
import { SimilarPictures } from '../../../../src/renderer/features/gallery/SimilarPictures'
import { GalleryDetail } from '../../../../src/renderer/features/gallery/GalleryDetail'
import { GalleryItem } from '../../../../src/renderer/features/gallery/GalleryItem'
import { GalleryView } from '../../../../src/renderer/features/gallery/GalleryView'
import { useGallerySelection } from '../../../../src/renderer/stores/gallery-selection'
import { useLibrary } from '../../../../src/renderer/stores/library'
import { libraryEntry } from '../fixtures'
import type { FakeApi } from '../fake-api'
import type { Scene } from './scenes'

const picture = (n: number, over: Partial<LibraryFile> = {}): LibraryFile => ({
  index: 0, role: 'image', url: null, path: `files/job-${n}/0.png`, thumbnail: `files/job-${n}/0.thumb.webp`, state: 'saved', lostReason: null,
  bytes: 1000, sha256: null, mime: 'image/png', width: 1024, height: 768, durationSeconds: null, ...over
})
const entry = (n: number, over: Partial<LibraryEntry> = {}) => libraryEntry({ id: `job-${n}`, jobId: `job-${n}`, files: [picture(n)], ...over })
const node = (n: number, depth: number, derivation: 'upscale' | 'edit' | null) => ({ jobId: `job-${n}`, entry: entry(n), derivation, sources: derivation ? [{ jobId: `job-${n - 1}`, index: 0 }] : [], depth })
const noop = () => undefined

const signed = (valid: boolean | null, trusted = false) => picture(1, { provenance: { present: true, valid, trusted, signer: 'MediaGen Demo', issues: [] } })

/** A library with nothing in it, or nothing under these filters. */
const library = (filters: Record<string, unknown>) => (api: FakeApi) => {
  api.answer('boards.list', []).answer('smartCollections.list', []).answer('library.list', { entries: [], total: 0 })
  useLibrary.setState({ pages: {}, total: 0, loaded: true, filters })
}
/** A picture in the viewer: an edit of another, signed, with parameters and an input. */
const SIGNED_EDIT = entry(2, {
  files: [signed(true, true)],
  params: { seed: 42, guidance_scale: 7 },
  inputs: [{ field: 'image', fileName: 'cat.png', path: 'inputs/ab.png', sha256: 'ab', bytes: 1000, mime: 'image/png' }],
  tags: ['sunset', 'sea']
})
/** What the viewer shows from areas not in the gallery's catalog yet (the zoom buttons, the tools' buttons), and the prompt as its title. */
const VIEWER_NOT_OURS = [
  'a lighthouse',
  'Zoom out', 'Zoom in', 'Zoom', 'Fit',
  'Open Tools → Edit with this image, to repaint part of it or extend it',
  'Open Tools → Upscale with this image; the cost shows before you send it',
  'Open Tools → Remove background with this image; the cost shows before you send it',
  'Remove background', 'Upscale', 'Edit'
]

export const GALLERY_LOOK_SCENES: Scene[] = [
  { name: 'Gallery: an empty library', draw: () => <GalleryView />, setup: library({}), shows: ['gallery-count'] },
  { name: 'Gallery: filtered to nothing', draw: () => <GalleryView />, setup: library({ query: 'zebra', favorite: true, modality: 'video' }), shows: ['gallery-show-all'] },
  {
    name: 'Gallery: a video tile, selected, waiting to be saved',
    draw: () => (
      <ul>
        <GalleryItem entry={entry(5, { modality: 'video', favorite: true, tags: ['sunset'], files: [picture(5, { role: 'video', state: 'pending', durationSeconds: 8 })] })} selected onActivate={noop} onSelect={noop} onFavorite={noop} />
      </ul>
    ),
    setup: () => useGallerySelection.setState({ ids: new Set(['job-5']) }),
    shows: ['tile-status'],
    // The picture's own placeholder, from the media components.
    allow: ['Saving…']
  },
  {
    name: 'Gallery: the viewer of a signed edit, with its lineage',
    draw: () => <GalleryDetail entry={SIGNED_EDIT} onClose={noop} position={{ index: 4, total: 10000, atLeast: true }} onStep={noop} />,
    setup: (api) => api.answer('library.lineage', { item: node(2, 0, 'edit'), ancestors: [node(1, -1, null)], descendants: [node(3, 1, 'upscale')], truncated: false }),
    shows: ['content-credentials', 'lineage-ancestors', 'file-table'],
    allow: VIEWER_NOT_OURS
  },
  {
    name: 'Gallery: similar pictures found',
    draw: () => <SimilarPictures entry={entry(1)} file={picture(1)} onOpen={noop} />,
    setup: (api) => api.answer('library.similar', { items: [{ entry: entry(2), index: 0, distance: 0 }, { entry: entry(3), index: 0, distance: 5 }], total: 2 }),
    act: async (user) => user.click(await findTestId('find-similar')),
    shows: ['similar-list']
  },
  {
    name: 'Gallery: the lineage of an edit',
    draw: () => <LineageChain entry={entry(2)} onOpen={noop} />,
    setup: (api) => api.answer('library.lineage', { item: node(2, 0, 'edit'), ancestors: [node(1, -1, null)], descendants: [node(3, 1, 'upscale'), { ...node(4, 1, 'edit'), entry: null }], truncated: true }),
    shows: ['lineage-ancestors', 'lineage-descendants']
  },
  { name: 'Gallery: Content Credentials, signed by an issuer not trusted', draw: () => <ContentCredentials file={signed(true)} />, shows: ['content-credentials'] },
  { name: 'Gallery: Content Credentials that do not verify', draw: () => <ContentCredentials file={signed(false, true)} />, shows: ['content-credentials'] },
  { name: 'Gallery: Content Credentials not checked', draw: () => <ContentCredentials file={signed(null)} />, shows: ['content-credentials'] },
  {
    name: 'Gallery: the Duplicates view',
    draw: () => <DuplicatesList onOpen={noop} />,
    setup: (api) =>
      api.answer('library.duplicates', {
        groups: [{ members: [{ entry: entry(3), index: 0, distance: 0 }, { entry: entry(1), index: 0, distance: 2 }, { entry: entry(2), index: 0, distance: 3 }], keep: { jobId: 'job-3', index: 0 }, remove: ['job-1'], truncated: false }],
        next: null,
        unpaired: 40
      }),
    shows: ['duplicate-group', 'duplicates-unpaired']
  },
  { name: 'Gallery: no duplicates', draw: () => <DuplicatesList onOpen={noop} />, setup: (api) => api.answer('library.duplicates', { groups: [], next: null, unpaired: 0 }), shows: ['duplicates-empty'] },
  { name: 'Gallery: the colour picker', draw: () => <ColourFilter />, act: async (user) => user.click(await findTestId('filter-colour')), shows: ['colour-picker'] },
  { name: 'Gallery: the layout switch', draw: () => <LayoutToggle value="justified" onChange={noop} />, shows: ['layout-grid'] }
]

async function findTestId(id: string): Promise<HTMLElement> {
  const { screen } = await import('@testing-library/react')
  return screen.findByTestId(id)
}
