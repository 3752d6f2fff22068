// The desktop app's menu acts on the page: File → New Generation opens Create on an empty
// form (same model, its default settings, no inputs) with the cursor in the prompt, and
// every other command main may send opens its view.
import { render, screen, waitFor } from '@testing-library/react'
import { act } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { useMenuCommands } from '../../../../src/renderer/app/use-menu-commands'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useNavigation } from '../../../../src/renderer/stores/navigation'
import { usePalette } from '../../../../src/renderer/stores/palette'
import { installFakeApi } from '../fake-api'
import { resetStore } from '../fixtures'

const api = installFakeApi()

/** The shell's part (the hook) and a Create view with its prompt, as the app draws them. */
function Page() {
  useMenuCommands()
  const view = useNavigation((s) => s.view)
  return view === 'create' ? (
    <main data-testid="view-create">
      <textarea data-testid="prompt-input" aria-label="Prompt" />
    </main>
  ) : null
}

beforeEach(() => {
  api.reset()
  localStorage.clear()
  resetStore(useNavigation)
  resetStore(useDrafts)
  resetStore(usePalette)
})

describe('menu commands', () => {
  it('New Generation opens Create on a fresh draft of the same model and focuses the prompt', async () => {
    const drafts = useDrafts.getState()
    drafts.setModel('create', 'i3-1', 'image')
    drafts.setPrompt('create', 'a lighthouse at dusk')
    drafts.setParam('create', 'i3Params', { image_url: 'https://cdn.example.com/in.png', strength: 0.4 }, 'i3Params.image_url')
    useNavigation.getState().go('queue')
    usePalette.getState().setOpen(true)
    render(<Page />)

    act(() => api.emit('menu.command', { command: 'new-generation' }))

    expect(useNavigation.getState().view).toBe('create')
    expect(usePalette.getState().open).toBe(false)
    expect(useDrafts.getState().drafts.create).toMatchObject({ modality: 'image', modelId: 'i3-1', prompt: '', params: {}, touched: {} })
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('prompt-input')))
  })

  it.each([
    ['open-settings', 'settings'],
    ['open-gallery', 'gallery']
  ] as const)('%s opens %s', (command, view) => {
    render(<Page />)
    act(() => api.emit('menu.command', { command }))
    expect(useNavigation.getState().view).toBe(view)
  })
})
