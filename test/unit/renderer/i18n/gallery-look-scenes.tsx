// The gallery's looks at pictures beside one another, for the pseudo-locale test: Find
// similar and the lineage in the viewer, Content Credentials, the Duplicates view, the
// colour filter and the layout switch, each drawn alone with the engine's answers.
import type { LibraryEntry, LibraryFile } from '../../../../src/shared/app/views'
import { ColourFilter } from '../../../../src/renderer/features/gallery/ColourFilter'
import { ContentCredentials } from '../../../../src/renderer/features/gallery/ContentCredentials'
import { DuplicatesList } from '../../../../src/renderer/features/gallery/DuplicatesDialog'
import { LayoutToggle } from '../../../../src/renderer/features/gallery/LayoutToggle'
import { LineageChain } from '../../../../src/renderer/features/gallery/LineageChain'
import { SimilarPictures } from '../../../../src/renderer/features/gallery/SimilarPictures'
import { libraryEntry } from '../fixtures'
import type { Scene } from './scenes'

const picture = (n: number, over: Partial<LibraryFile> = {}): LibraryFile => ({
  index: 0, role: 'image', url: null, path: `files/job-${n}/0.png`, thumbnail: `files/job-${n}/0.thumb.webp`, state: 'saved', lostReason: null,
  bytes: 1000, sha256: null, mime: 'image/png', width: 1024, height: 768, durationSeconds: null, ...over
})
const entry = (n: number, over: Partial<LibraryEntry> = {}) => libraryEntry({ id: `job-${n}`, jobId: `job-${n}`, files: [picture(n)], ...over })
const node = (n: number, depth: number, derivation: 'upscale' | 'edit' | null) => ({ jobId: `job-${n}`, entry: entry(n), derivation, sources: derivation ? [{ jobId: `job-${n - 1}`, index: 0 }] : [], depth })
const noop = () => undefined

const signed = (valid: boolean | null, trusted = false) => picture(1, { provenance: { present: true, valid, trusted, signer: 'MediaGen Demo', issues: [] } })

export const GALLERY_LOOK_SCENES: Scene[] = [
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
