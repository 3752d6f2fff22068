// Settings moves the live library to a new folder and shows the move's progress and end;
// a refused folder is said at the field; the demo library offers no move.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { LibraryFolderSection } from '../../../../src/renderer/features/settings/LibraryFolderSection'
import { useApp } from '../../../../src/renderer/stores/app'
import { useLibraryMove } from '../../../../src/renderer/stores/library-move'
import { installFakeApi } from '../fake-api'
import { appInfo, resetStore } from '../fixtures'

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  resetStore(useApp)
  resetStore(useLibraryMove)
})

describe('LibraryFolderSection', () => {
  it('moves the library with progress and says where it went', async () => {
    useApp.setState({ info: appInfo({ mode: 'live', keySet: true, libraryDir: '/data/live/library' }) })
    let finish: (() => void) | null = null
    api.handle('library.move', ({ to }) => new Promise((resolve) => (finish = () => resolve({ ok: true, data: { libraryDir: to, files: 12, bytes: 4096 } }))))
    render(<LibraryFolderSection />)
    expect(screen.getByTestId('library-now').textContent).toBe('/data/live/library')
    fireEvent.change(screen.getByLabelText('Move to'), { target: { value: '/media/disk/library' } })
    fireEvent.click(screen.getByRole('button', { name: 'Move library' }))
    act(() => useLibraryMove.getState().setProgress({ phase: 'verify', doneBytes: 2048, totalBytes: 4096, doneFiles: 6, totalFiles: 12 }))
    expect(screen.getByTestId('library-move-progress').textContent).toContain('Checking the copies: 6 of 12 files')
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50')
    act(() => finish!())
    await waitFor(() => expect(screen.getByTestId('library-move-result').textContent).toContain('Moved 12 files to /media/disk/library'))
    expect(api.callsTo('library.move')).toEqual([{ to: '/media/disk/library' }])
  })

  it('shows a refused folder at the field', async () => {
    useApp.setState({ info: appInfo({ mode: 'live', keySet: true }) })
    api.fail('library.move', { code: 'invalid_input', message: 'Invalid', details: { to: ['Choose a new or empty folder: this one has files in it'] } })
    render(<LibraryFolderSection />)
    fireEvent.change(screen.getByLabelText('Move to'), { target: { value: '/home/me' } })
    fireEvent.click(screen.getByRole('button', { name: 'Move library' }))
    await waitFor(() => expect(screen.getByText('Choose a new or empty folder: this one has files in it')).toBeTruthy())
  })

  it('offers no move for the demo library', () => {
    useApp.setState({ info: appInfo() })
    render(<LibraryFolderSection />)
    expect(screen.queryByRole('button', { name: 'Move library' })).toBeNull()
  })
})
