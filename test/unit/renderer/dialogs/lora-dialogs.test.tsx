// Renaming and deleting a LoRA: what is sent, what the list shows after, and what happens
// when the engine refuses.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { DeleteLoraDialog } from '../../../../src/renderer/features/loras/DeleteLoraDialog'
import { RenameLoraDialog } from '../../../../src/renderer/features/loras/RenameLoraDialog'
import { useLoras } from '../../../../src/renderer/stores/loras'
import { useToasts } from '../../../../src/renderer/stores/toasts'
import { installFakeApi } from '../fake-api'
import { lora, resetStore } from '../fixtures'

const api = installFakeApi()
const mine = lora({ name: 'My face', triggerWord: 'zqx' })

beforeEach(() => {
  api.reset()
  resetStore(useLoras)
  resetStore(useToasts)
  useLoras.setState({ items: [mine], loaded: true })
})

describe('Rename LoRA dialog', () => {
  it('opens on the current name, focused, with the trigger word beside it', () => {
    render(<RenameLoraDialog lora={mine} onClose={() => undefined} />)
    expect(screen.getByRole('dialog', { name: 'Rename My face' })).toBeTruthy()
    const name = screen.getByLabelText(/^Name/) as HTMLInputElement
    expect(name.value).toBe('My face')
    expect(document.activeElement).toBe(name)
    expect((screen.getByLabelText('Trigger word') as HTMLInputElement).value).toBe('zqx')
  })

  it('saves the trimmed name, removes an emptied trigger word, updates the list and closes', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    api.handle('loras.rename', (input) => ({ ok: true, data: { ...mine, name: input.name ?? mine.name, triggerWord: input.triggerWord ?? null } }))
    render(<RenameLoraDialog lora={mine} onClose={onClose} />)
    await user.clear(screen.getByLabelText(/^Name/))
    await user.type(screen.getByLabelText(/^Name/), '  Portrait  ')
    await user.clear(screen.getByLabelText('Trigger word'))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(api.callsTo('loras.rename')).toEqual([{ id: mine.id, name: 'Portrait', triggerWord: null }])
    expect(useLoras.getState().items).toEqual([{ ...mine, name: 'Portrait', triggerWord: null }])
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('cannot save a blank name', async () => {
    const user = userEvent.setup()
    render(<RenameLoraDialog lora={mine} onClose={() => undefined} />)
    await user.clear(screen.getByLabelText(/^Name/))
    await user.type(screen.getByLabelText(/^Name/), '   ')
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('stays open and shows the engine’s objection at its field', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    api.fail('loras.rename', { code: 'validation', message: 'Invalid', details: { triggerWord: ['Must be at most 50 characters'] } })
    render(<RenameLoraDialog lora={mine} onClose={onClose} />)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Must be at most 50 characters')).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
    expect(useLoras.getState().items).toEqual([mine])
  })

  it('closes on Cancel without sending anything', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(<RenameLoraDialog lora={mine} onClose={onClose} />)
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(api.calls).toEqual([])
  })
})

describe('Delete LoRA dialog', () => {
  it('asks before deleting, and Keep it closes without sending anything', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(<DeleteLoraDialog lora={mine} onClose={onClose} />)
    expect(screen.getByRole('dialog', { name: 'Delete this LoRA?' }).textContent).toContain('My face will be archived')
    await user.click(screen.getByRole('button', { name: 'Keep it' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(api.calls).toEqual([])
  })

  it('deletes, shows the list as the service now has it, says so and closes', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    api.answer('loras.delete', null).answer('loras.list', [{ ...mine, status: 'ARCHIVED', isReady: false }])
    render(<DeleteLoraDialog lora={mine} onClose={onClose} />)
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    expect(api.callsTo('loras.delete')).toEqual([{ id: mine.id }])
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(useToasts.getState().toasts.map((t) => t.message)).toEqual(['Deleted My face'])
    await waitFor(() => expect(useLoras.getState().items[0]?.status).toBe('ARCHIVED'))
  })

  it('stays open when the delete fails, says why, and can be tried again', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    api.fail('loras.delete', { code: 'network', message: 'The service cannot be reached' })
    render(<DeleteLoraDialog lora={mine} onClose={onClose} />)
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    expect(onClose).not.toHaveBeenCalled()
    expect(useToasts.getState().toasts).toEqual([expect.objectContaining({ level: 'error', message: 'The service cannot be reached' })])
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(false)
  })
})
