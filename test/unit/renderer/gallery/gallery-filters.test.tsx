// The gallery's date range: "From" sets the first day, "to" the last; each asks the library
// index for outputs completed between them, and each date bounds what the other can pick.
import { fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { GalleryFilters } from '../../../../src/renderer/features/gallery/GalleryFilters'
import { useLibrary } from '../../../../src/renderer/stores/library'
import { installFakeApi } from '../fake-api'
import { resetStore } from '../fixtures'

const api = installFakeApi()

beforeEach(() => {
  api.reset()
  resetStore(useLibrary)
  api.answer('library.list', { entries: [], total: 0 }).answer('smartCollections.list', [])
})

const fromInput = () => screen.getByLabelText<HTMLInputElement>('From')
const toInput = () => screen.getByLabelText<HTMLInputElement>('to')
const lastQuery = () => api.callsTo('library.list').at(-1) as Record<string, unknown> | undefined

describe('gallery date filters', () => {
  it('sets the last day from "to" and the first day from "From", each on its own', () => {
    render(<GalleryFilters />)
    fireEvent.change(toInput(), { target: { value: '2025-03-31' } })
    expect(useLibrary.getState().filters).toMatchObject({ to: '2025-03-31' })
    expect(useLibrary.getState().filters.from).toBeUndefined()
    expect(lastQuery()).toMatchObject({ to: '2025-03-31' })
    expect(lastQuery()).not.toHaveProperty('from')
    expect(toInput().value).toBe('2025-03-31')
    expect(fromInput().value).toBe('')
    // The first day can be no later than the last.
    expect(fromInput().max).toBe('2025-03-31')

    fireEvent.change(fromInput(), { target: { value: '2025-03-01' } })
    expect(lastQuery()).toMatchObject({ from: '2025-03-01', to: '2025-03-31' })
    expect(toInput().min).toBe('2025-03-01')
    expect([fromInput().value, toInput().value]).toEqual(['2025-03-01', '2025-03-31'])
  })

  it('clears one end of the range and keeps the other', () => {
    render(<GalleryFilters />)
    fireEvent.change(fromInput(), { target: { value: '2025-03-01' } })
    fireEvent.change(toInput(), { target: { value: '2025-03-31' } })
    fireEvent.change(toInput(), { target: { value: '' } })
    expect(useLibrary.getState().filters).toMatchObject({ from: '2025-03-01', to: undefined })
    expect(lastQuery()).toMatchObject({ from: '2025-03-01' })
    expect(lastQuery()).not.toHaveProperty('to')
  })
})
