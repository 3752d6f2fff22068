// The modal on the native <dialog>: it opens as a modal with its title as its name, closes
// by its Close button or by the browser (Escape), and focuses the field it is opened for.
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Dialog } from '../../../../src/renderer/ui/Dialog'
import { pressEscapeOn } from './native-dialog'

function Page({ onClosed }: { onClosed(): void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      {open ? (
        <Dialog
          open
          title="Job details"
          testId="details"
          initialFocusId="details-note"
          onClose={() => {
            setOpen(false)
            onClosed()
          }}
          footer={<button type="button">Done</button>}
        >
          <label htmlFor="details-note">Note</label>
          <input id="details-note" />
        </Dialog>
      ) : null}
    </>
  )
}

const dialogEl = () => screen.getByTestId('details') as HTMLDialogElement

describe('Dialog', () => {
  it('opens as a modal named by its title, with its body and footer', async () => {
    const user = userEvent.setup()
    render(<Page onClosed={() => undefined} />)
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Open details' }))
    const dialog = screen.getByRole('dialog', { name: 'Job details' })
    expect((dialog as HTMLDialogElement).open).toBe(true)
    expect(screen.getByRole('heading', { name: 'Job details' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy()
  })

  it('focuses the field it is opened for', async () => {
    const user = userEvent.setup()
    render(<Page onClosed={() => undefined} />)
    await user.click(screen.getByRole('button', { name: 'Open details' }))
    expect(document.activeElement).toBe(screen.getByLabelText('Note'))
  })

  it('closes with its Close button', async () => {
    const user = userEvent.setup()
    const closed = vi.fn()
    render(<Page onClosed={closed} />)
    await user.click(screen.getByRole('button', { name: 'Open details' }))
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(closed).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('closes when the browser closes it on Escape', async () => {
    const user = userEvent.setup()
    const closed = vi.fn()
    render(<Page onClosed={closed} />)
    await user.click(screen.getByRole('button', { name: 'Open details' }))
    act(() => pressEscapeOn(dialogEl()))
    expect(closed).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('opens and closes the native dialog as its open prop says', () => {
    const onClose = vi.fn()
    const { rerender } = render(<Dialog open={false} title="Later" testId="later" onClose={onClose}>body</Dialog>)
    const dialog = screen.getByTestId('later') as HTMLDialogElement
    expect(dialog.open).toBe(false)
    expect(screen.queryByText('body')).toBeNull()
    rerender(<Dialog open title="Later" testId="later" onClose={onClose}>body</Dialog>)
    expect(dialog.open).toBe(true)
    expect(screen.getByText('body')).toBeTruthy()
    rerender(<Dialog open={false} title="Later" testId="later" onClose={onClose}>body</Dialog>)
    expect(dialog.open).toBe(false)
    expect(screen.queryByText('body')).toBeNull()
  })
})
