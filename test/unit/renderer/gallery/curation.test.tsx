// Tags, folders of boards, smart collections and the import of a folder, as the gallery
// offers them: what each sends to main, and what the user sees of main's answers.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { BoardControls } from '../../../../src/renderer/features/gallery/BoardControls'
import { boardTree, boardsUnder, foldersFor } from '../../../../src/renderer/features/gallery/board-tree'
import { ImportFolderDialog, pathInFolder } from '../../../../src/renderer/features/gallery/ImportFolderDialog'
import { SmartCollections } from '../../../../src/renderer/features/gallery/SmartCollections'
import { TagFilter } from '../../../../src/renderer/features/gallery/TagFilter'
import { TagsDialog } from '../../../../src/renderer/features/gallery/TagsDialog'
import { useBoards } from '../../../../src/renderer/stores/boards'
import { useLibrary } from '../../../../src/renderer/stores/library'
import { useLibraryImport } from '../../../../src/renderer/stores/library-import'
import { useSmartCollections } from '../../../../src/renderer/stores/smart-collections'
import { installFakeApi } from '../fake-api'
import { ToastRegion } from '../../../../src/renderer/app/ToastRegion'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { appInfo, libraryEntry, resetStore } from '../fixtures'
import { useApp } from '../../../../src/renderer/stores/app'

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  for (const store of [useLibrary, useBoards, useSmartCollections, useLibraryImport, useToasts]) resetStore(store as never)
  api.handle('library.list', () => ({ ok: true, data: { entries: [], total: 0 } }))
})

const lastList = () => api.callsTo('library.list').at(-1)

describe('tags on a selection', () => {
  it('shows what the selection carries, and sends what is taken off and added as one change', async () => {
    const user = userEvent.setup()
    const entries = [libraryEntry({ jobId: 'a', tags: ['Red', 'sky'] }), libraryEntry({ jobId: 'b', tags: ['red'] }), libraryEntry({ jobId: 'c' })]
    useLibrary.setState({ pages: { 0: entries }, total: 3, loaded: true })
    // Suggested as main would: only what begins with the prefix asked.
    const vocabulary = [{ name: 'portrait', count: 12 }, { name: 'sky', count: 3 }]
    api.handle('tags.suggest', ({ prefix }) => ({ ok: true, data: vocabulary.filter((v) => v.name.startsWith(prefix ?? '')).filter(() => prefix !== '') }))
    api.answer('tags.change', { changed: 3 })
    render(<TagsDialog jobIds={['a', 'b', 'c']} onClose={() => undefined} />)
    const current = screen.getByTestId('tags-current')
    expect(current.textContent).toContain('Red2 of 3')
    expect(current.textContent).toContain('sky1 of 3')
    await user.click(within(current).getByRole('button', { name: 'Remove sky' }))
    await user.type(screen.getByTestId('tags-add'), 'por')
    const suggestion = await screen.findByRole('option', { name: /portrait/ })
    expect(suggestion.textContent).toContain('12 items')
    expect(api.callsTo('tags.suggest').at(-1)).toMatchObject({ prefix: 'por' })
    await user.click(suggestion)
    await user.type(screen.getByTestId('tags-add'), '  night   sky {Enter}')
    await user.click(screen.getByTestId('tags-save'))
    expect(api.callsTo('tags.change')).toEqual([{ jobIds: ['a', 'b', 'c'], add: ['portrait', 'night sky'], remove: ['sky'] }])
  })

  it('refuses a tag the library would refuse, and says why', async () => {
    const user = userEvent.setup()
    api.answer('tags.suggest', [])
    render(<TagsDialog jobIds={['a']} onClose={() => undefined} />)
    await user.type(screen.getByTestId('tags-add'), '   {Enter}')
    expect(screen.getByRole('alert').textContent).toBe('A tag needs at least one letter or digit')
    expect((screen.getByTestId('tags-save') as HTMLButtonElement).disabled).toBe(true)
  })
})

describe('the tag filter', () => {
  it('shows items with any of the tags, or with all of them', async () => {
    const user = userEvent.setup()
    api.answer('tags.suggest', [{ name: 'portrait', count: 12 }])
    render(<TagFilter />)
    await user.type(screen.getByTestId('tag-filter-input'), 'po')
    await user.click(await screen.findByRole('option', { name: /portrait/ }))
    expect(lastList()).toMatchObject({ tagsAny: ['portrait'] })
    await user.type(screen.getByTestId('tag-filter-input'), 'Night{Enter}')
    expect(lastList()).toMatchObject({ tagsAny: ['portrait', 'Night'] })
    await user.click(screen.getByTestId('tag-match-all'))
    expect(lastList()).toMatchObject({ tagsAll: ['portrait', 'Night'] })
    expect(lastList()).not.toHaveProperty('tagsAny')
    await user.click(screen.getAllByRole('button', { name: /Remove/ })[0]!)
    expect(lastList()).toMatchObject({ tagsAll: ['Night'] })
  })
})

const at = '2026-01-01T00:00:00.000Z'
const BOARDS = [
  { id: 'f1', name: 'Clients', kind: 'folder' as const, parent: null, createdAt: at, count: 0 },
  { id: 'f2', name: 'Acme', kind: 'folder' as const, parent: 'f1', createdAt: at, count: 0 },
  { id: 'b1', name: 'Logos', kind: 'board' as const, parent: 'f2', createdAt: at, count: 4 },
  { id: 'b2', name: 'Posters', kind: 'board' as const, parent: 'f1', createdAt: at, count: 2 },
  { id: 'b3', name: 'Sketches', kind: 'board' as const, parent: null, createdAt: at, count: 1 },
  { id: 'b4', name: 'Lost', kind: 'board' as const, parent: 'gone', createdAt: at, count: 0 }
]

describe('boards in folders', () => {
  it('lays each folder out before what it holds, and a board whose folder is gone at the top', () => {
    expect(boardTree(BOARDS).map((p) => `${p.depth}:${p.board.name}`)).toEqual(['0:Clients', '1:Acme', '2:Logos', '1:Posters', '0:Lost', '0:Sketches'])
    expect(boardsUnder(BOARDS, 'f1')).toEqual(['b1', 'b2'])
    expect(foldersFor(BOARDS, 'f1').map((p) => p.board.id)).toEqual([])
    expect(foldersFor(BOARDS, 'b3').map((p) => p.board.id)).toEqual(['f1', 'f2'])
  })

  it('shows the items of every board in a folder picked, and makes a new board inside it', async () => {
    const user = userEvent.setup()
    useBoards.setState({ boards: BOARDS })
    api.answer('boards.create', { id: 'b9', name: 'Flyers', kind: 'board', parent: 'f1', createdAt: at })
    api.answer('boards.list', BOARDS)
    render(<BoardControls />)
    await user.selectOptions(screen.getByTestId('filter-board'), 'f1')
    expect(lastList()).toMatchObject({ boardsAny: ['b1', 'b2'] })
    await user.click(screen.getByTestId('board-menu'))
    await user.click(screen.getByTestId('board-new'))
    await user.type(screen.getByTestId('board-name'), 'Flyers{Enter}')
    expect(api.callsTo('boards.create')).toEqual([{ name: 'Flyers', kind: 'board', parent: 'f1' }])
  })

  it('says so when a folder holds more boards than one filter names, rather than showing less in silence', async () => {
    const user = userEvent.setup()
    const many = Array.from({ length: 52 }, (_, i) => ({ id: `m${i}`, name: `Board ${String(i).padStart(2, '0')}`, kind: 'board' as const, parent: 'f1', createdAt: at, count: 1 }))
    useBoards.setState({ boards: [BOARDS[0]!, ...many] })
    render(
      <>
        <BoardControls />
        <ToastRegion />
      </>
    )
    await user.selectOptions(screen.getByTestId('filter-board'), 'f1')
    expect((lastList() as { boardsAny: string[] }).boardsAny).toHaveLength(50)
    expect(useToasts.getState().toasts.map((x) => x.message)).toEqual(['This folder holds 52 boards; the gallery shows the items of the first 50.'])
  })

  it('moves a board into a folder', async () => {
    const user = userEvent.setup()
    useBoards.setState({ boards: BOARDS })
    useLibrary.setState({ filters: { board: 'b3' } })
    api.answer('boards.move', { ...BOARDS[4]!, parent: 'f2' })
    api.answer('boards.list', BOARDS)
    render(<BoardControls />)
    await user.click(screen.getByTestId('board-menu'))
    await user.click(screen.getByTestId('board-move-f2'))
    expect(api.callsTo('boards.move')).toEqual([{ id: 'b3', parent: 'f2' }])
  })

  it('deletes the board shown only once asked again in its menu; Keep keeps it, and Escape gives the focus back to the menu', async () => {
    const user = userEvent.setup()
    useBoards.setState({ boards: BOARDS })
    useLibrary.setState({ filters: { board: 'b3' } })
    api.answer('boards.delete', null)
    api.answer('boards.list', BOARDS)
    render(<BoardControls />)
    const menu = screen.getByTestId('board-menu')
    await user.click(menu)
    expect(menu.getAttribute('aria-expanded')).toBe('true')
    await user.click(screen.getByTestId('board-delete'))
    expect(api.callsTo('boards.delete')).toEqual([])
    await user.click(screen.getByTestId('board-keep'))
    expect(screen.getByTestId('board-delete')).toBe(document.activeElement)
    await user.keyboard('{Escape}')
    expect(screen.queryByTestId('board-menu-items')).toBeNull()
    expect(document.activeElement).toBe(menu)
    expect(api.callsTo('boards.delete')).toEqual([])
    await user.keyboard('{Enter}')
    await user.click(screen.getByTestId('board-delete'))
    await user.click(screen.getByRole('menuitem', { name: 'Delete “Sketches”' }))
    expect(api.callsTo('boards.delete')).toEqual([{ id: 'b3' }])
  })
})

describe('smart collections', () => {
  const collection = (count: number) => ({ id: 's1', name: 'Red portraits', filter: { tagsAll: ['red'], favorite: true }, createdAt: at, updatedAt: at, count, countIsLowerBound: false })

  it('lists each with its count, and counts again when main says the library changed', async () => {
    let count = 3
    api.handle('smartCollections.list', () => ({ ok: true, data: [collection(count)] }))
    render(<SmartCollections />)
    expect(await screen.findByRole('option', { name: 'Red portraits (3)' })).toBeTruthy()
    count = 4
    act(() => api.emit('smartCollections.countsChanged', {}))
    expect(await screen.findByRole('option', { name: 'Red portraits (4)' })).toBeTruthy()
  })

  it('shows one picked, and saves the filters as they are (not the order) as a new one', async () => {
    const user = userEvent.setup()
    api.answer('smartCollections.list', [collection(3)])
    api.answer('smartCollections.create', { ...collection(1), id: 's2', name: 'Skies', filter: { query: 'sky', modality: 'image' } })
    useLibrary.setState({ filters: { sort: 'oldest', query: '' } })
    render(<SmartCollections />)
    await user.selectOptions(await screen.findByTestId('smart-collection'), 's1')
    expect(lastList()).toMatchObject({ tagsAll: ['red'], favorite: true, sort: 'oldest' })
    act(() => useLibrary.getState().setFilters({ tagsAll: undefined, favorite: undefined, query: ' sky ', modality: 'image' }))
    await user.click(screen.getByTestId('smart-save'))
    await user.type(screen.getByTestId('board-name'), 'Skies{Enter}')
    expect(api.callsTo('smartCollections.create')).toEqual([{ name: 'Skies', filter: { query: 'sky', modality: 'image' } }])
  })
})

describe('import of a folder', () => {
  it('names a skipped file by where it is in the folder', () => {
    expect(pathInFolder('/pictures/', '/pictures/a/b.png')).toBe('a/b.png')
    expect(pathInFolder('C:\\Pictures', 'C:\\Pictures\\a.png')).toBe('a.png')
    expect(pathInFolder('/pictures', '/pictures-old/a.png')).toBe('/pictures-old/a.png')
  })

  it('shows how far it has got, and at the end what it imported and each file it skipped, with why', async () => {
    const user = userEvent.setup()
    let finish: (() => void) | undefined
    const result = { dir: '/pictures', found: 4, done: 4, imported: 2, duplicates: 1, skipped: 1, cancelled: false, skippedFiles: [{ path: '/pictures/old/broken.png', reason: 'not a picture this app can read' }] }
    api.handle('library.import', () => new Promise((resolve) => (finish = () => resolve({ ok: true, data: result }))))
    render(<ImportFolderDialog onClose={() => undefined} />)
    await user.type(screen.getByTestId('import-dir'), '/pictures{Enter}')
    expect(api.callsTo('library.import')).toEqual([{ dir: '/pictures' }])
    act(() => api.emit('library.importProgress', { phase: 'import', dir: '/pictures', found: 4, done: 1, imported: 1, duplicates: 0, skipped: 0 }))
    expect(screen.getByTestId('import-progress').textContent).toContain('1 of 4 files: 1 imported, 0 skipped')
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25')
    api.answer('library.importCancel', { cancelled: true })
    await user.click(screen.getByTestId('import-cancel'))
    expect(api.callsTo('library.importCancel')).toHaveLength(1)
    await act(async () => finish!())
    const summary = await screen.findByTestId('import-summary')
    expect(summary.textContent).toContain('Done: 2 imported, 1 already in the library, 1 skipped.')
    expect(within(summary).getByTestId('import-skips').textContent).toContain('old/broken.png: not a picture this app can read')
  })

  it('says why each file was skipped in the page’s language, from the key main sent; a key it does not know, as main said it', async () => {
    const skippedFiles = [
      { path: '/pictures/clip.mp4', reason: 'Eine Videodatei: Es werden nur Bilder importiert', key: 'main:importSkip.notPicture', values: { kind: 'video' } },
      { path: '/pictures/odd.png', reason: 'Ein Grund aus einer neueren Version', key: 'main:importSkip.fromANewerVersion' }
    ]
    useLibraryImport.setState({ running: false, progress: null, result: { dir: '/pictures', found: 2, done: 2, imported: 0, duplicates: 0, skipped: 2, cancelled: false, skippedFiles } })
    render(<ImportFolderDialog onClose={() => undefined} />)
    const skips = (await screen.findByTestId('import-skips')).textContent
    expect(skips).toContain('clip.mp4: A video file: only pictures are imported')
    expect(skips).toContain('odd.png: Ein Grund aus einer neueren Version')
  })

  it('offers the desktop app’s folder picker, which fills in the path; a browser types it', async () => {
    const user = userEvent.setup()
    useApp.setState({ info: appInfo({ platform: 'browser' }) })
    const { unmount } = render(<ImportFolderDialog onClose={() => undefined} />)
    expect(screen.queryByTestId('import-choose')).toBeNull()
    unmount()
    useApp.setState({ info: appInfo({ platform: 'electron' }) })
    api.answer('library.pickImportFolder', { dir: '/Users/me/ComfyUI/output' })
    render(<ImportFolderDialog onClose={() => undefined} />)
    await user.click(screen.getByTestId('import-choose'))
    expect((screen.getByTestId('import-dir') as HTMLInputElement).value).toBe('/Users/me/ComfyUI/output')
  })

  it('names why a folder cannot be imported, at its field', async () => {
    const user = userEvent.setup()
    api.fail('library.import', { code: 'validation', message: 'No folder at /nowhere' })
    render(<ImportFolderDialog onClose={() => undefined} />)
    await user.type(screen.getByTestId('import-dir'), '/nowhere{Enter}')
    expect(await screen.findByText('No folder at /nowhere')).toBeTruthy()
  })
})
