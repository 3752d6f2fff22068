// The model palette: all 60 models with modality, task, price range and description,
// searched by words, favourites and recent ones first, and a choice opened where it runs.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ModelPalette } from '../../../../src/renderer/app/palette/ModelPalette'
import { ModelPaletteButton } from '../../../../src/renderer/components/composer/ModelPaletteButton'
import { useGlobalShortcuts } from '../../../../src/renderer/app/use-global-shortcuts'
import { paletteEntries, searchPalette } from '../../../../src/renderer/app/palette/palette-entries'
import { useCatalog } from '../../../../src/renderer/stores/catalog'
import { useDrafts } from '../../../../src/renderer/stores/drafts'
import { useModelPrefs } from '../../../../src/renderer/stores/model-prefs'
import { useNavigation } from '../../../../src/renderer/stores/navigation'
import { usePalette } from '../../../../src/renderer/stores/palette'
import { resetStore } from '../fixtures'

beforeEach(() => {
  resetStore(useCatalog)
  resetStore(useDrafts)
  resetStore(useModelPrefs)
  resetStore(useNavigation)
  resetStore(usePalette)
})

/** The button beside the picker, the app-wide palette and the app's shortcuts, as the shell has them. */
function Shell() {
  useGlobalShortcuts()
  return (
    <>
      <ModelPaletteButton />
      <ModelPalette />
    </>
  )
}

const ids = (q: string, favorites: string[] = [], recent: string[] = []) => searchPalette(paletteEntries([]), q, favorites, recent).map((e) => e.option.id)

describe('palette entries', () => {
  it('cover all 60 models, tools included, each with a task and a price range', () => {
    const entries = paletteEntries([])
    expect(entries).toHaveLength(60)
    const u1 = entries.find((e) => e.option.id === 'u1-1')!
    expect(u1).toMatchObject({ kind: 'upscale', task: 'upscale', priceRange: expect.stringContaining('per output megapixel') })
    expect(entries.find((e) => e.option.id === 'i8-1')!.priceRange).toMatch(/^\d+–\d+ cr \(7 per output\)$/)
    expect(entries.find((e) => e.option.id === 'v1-1')!.priceRange).toMatch(/^\d+–\d+ cr \(\d+ per second\)$/)
    expect(entries.find((e) => e.option.id === 'i1-1')!.priceRange).toBe('3 cr')
  })

  it('finds by every word, in any field, and puts favourites, then recent ones, first', () => {
    expect(ids('background removal').sort()).toEqual(['b1-1', 'b2-1'])
    expect(ids('music')).toEqual(['m1-1', 'm1-2'])
    expect(ids('music', ['m1-2'])).toEqual(['m1-2', 'm1-1'])
    const all = ids('', ['v2-1'], ['b1-1', 'i3-2'])
    expect(all.slice(0, 3)).toEqual(['v2-1', 'b1-1', 'i3-2'])
  })
})

describe('the palette', () => {
  it('opens with Ctrl+K, searches, and opens a tool in Tools with its presets', async () => {
    const user = userEvent.setup()
    render(<Shell />)
    await user.keyboard('{Control>}k{/Control}')
    const dialog = screen.getByTestId('model-palette')
    await user.type(within(dialog).getByTestId('palette-search'), 'upscale')
    expect(within(dialog).getAllByTestId('palette-row').map((r) => r.dataset.model).sort()).toEqual(['u1-1', 'u2-1'])
    await user.keyboard('{ArrowDown}{Enter}')
    expect(useNavigation.getState().view).toBe('tools')
    expect(useDrafts.getState().drafts.tools.modelId).toBe('u2-1')
    expect(useModelPrefs.getState().recent[0]).toBe('u2-1')
    expect(screen.queryByTestId('model-palette')).toBeNull()
  })

  it('stars a favourite, and opens a generation model in Create', async () => {
    const user = userEvent.setup()
    render(<Shell />)
    await user.click(screen.getByTestId('open-palette'))
    await user.click(screen.getByRole('button', { name: /Favourite V3/ }))
    expect(useModelPrefs.getState().favorites).toEqual(['v3-1'])
    expect(screen.getAllByTestId('palette-row')[0]!.dataset.model).toBe('v3-1')
    await user.click(within(screen.getAllByTestId('palette-row')[0]!).getAllByRole('button')[0]!)
    expect(useNavigation.getState().view).toBe('create')
    expect(useDrafts.getState().drafts.create).toMatchObject({ modelId: 'v3-1', modality: 'video' })
  })
})
