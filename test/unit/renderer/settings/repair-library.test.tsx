// Settings → Advanced → Repair library asks main to repair and lists what it found.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { RepairLibrary } from '../../../../src/renderer/features/settings/RepairLibrary'
import { installFakeApi } from '../fake-api'

const api = installFakeApi()

beforeEach(() => api.reset())

describe('RepairLibrary', () => {
  it('repairs on request and lists what was damaged and recovered', async () => {
    api.answer('library.repair', { checked: 3, damaged: ['files/a/entry.json'], lines: ['damaged: files/a/entry.json was unreadable, kept aside as files/a/entry.json.damaged', 'recovered: 1 entry rebuilt from its output files'] })
    render(<RepairLibrary />)
    fireEvent.click(screen.getByRole('button', { name: 'Repair library' }))
    await waitFor(() => expect(screen.getByTestId('repair-report').textContent).toContain('Checked 3 items:'))
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'damaged: files/a/entry.json was unreadable, kept aside as files/a/entry.json.damaged',
      'recovered: 1 entry rebuilt from its output files'
    ])
    expect(api.callsTo('library.repair')).toEqual([{}])
  })

  it('says when nothing was damaged', async () => {
    api.answer('library.repair', { checked: 2, damaged: [], lines: [] })
    render(<RepairLibrary />)
    fireEvent.click(screen.getByRole('button', { name: 'Repair library' }))
    await waitFor(() => expect(screen.getByTestId('repair-report').textContent).toBe('Checked 2 items: nothing was damaged.'))
  })
})
