// The one naming dialog (boards, LoRA renames, "Try it"): the first field focused, the
// action refused while a required field is blank, Enter acting as the action, and the
// dialog kept open, with the problem at its field, when saving is refused.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { BoardNameDialog } from '../../../../src/renderer/features/gallery/BoardNameDialog'
import { NameDialog } from '../../../../src/renderer/ui/NameDialog'

describe('naming dialog', () => {
  it('names a board: focused on the name, the trimmed name saved with Enter, then closed', async () => {
    const user = userEvent.setup()
    const onSave = vi.fn(() => Promise.resolve(true))
    const onClose = vi.fn()
    render(<BoardNameDialog title="New board" saveLabel="Create" onSave={onSave} onClose={onClose} />)
    const name = screen.getByLabelText(/^Name/) as HTMLInputElement
    expect(document.activeElement).toBe(name)
    expect((screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(true)
    await user.type(name, '  Moodboard {Enter}')
    expect(onSave).toHaveBeenCalledWith('Moodboard')
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
  })

  it('renames a board from its name, and stays open when the save is refused', async () => {
    const user = userEvent.setup()
    const onSave = vi.fn(() => Promise.resolve(false))
    const onClose = vi.fn()
    render(<BoardNameDialog title="Rename Trips" initial="Trips" saveLabel="Save" onSave={onSave} onClose={onClose} />)
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Trips')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSave).toHaveBeenCalledWith('Trips')
    expect(onClose).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog', { name: 'Rename Trips' })).toBeTruthy()
  })

  it('does not act on Enter while a field is blank or has a problem', async () => {
    const user = userEvent.setup()
    const onSave = vi.fn(() => Promise.resolve(true))
    render(
      <NameDialog
        title="Two fields"
        testId="two"
        fields={[{ name: 'a', id: 'field-a', label: 'A', required: true }, { name: 'b', id: 'field-b', label: 'B', initial: 'x' }]}
        check={(v) => ({ b: v['b'] === 'x' ? ['Not x'] : [] })}
        saveLabel="Go"
        onSave={onSave}
        onClose={() => undefined}
      />
    )
    expect(screen.getByText('Not x')).toBeTruthy()
    await user.type(screen.getByTestId('field-a'), 'filled{Enter}')
    expect(onSave).not.toHaveBeenCalled()
    await user.clear(screen.getByTestId('field-b'))
    await user.type(screen.getByTestId('field-b'), 'y{Enter}')
    expect(onSave).toHaveBeenCalledWith({ a: 'filled', b: 'y' })
  })

  it('shows the problems a save answers with at their fields and stays open', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(
      <NameDialog
        title="One field"
        testId="one"
        fields={[{ name: 'name', id: 'field-name', label: 'Name', initial: 'taken', required: true }]}
        saveLabel="Save"
        onSave={() => Promise.resolve({ name: ['That name is taken'] })}
        onClose={onClose}
      />
    )
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('That name is taken')).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
  })
})
