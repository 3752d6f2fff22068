// The searchable choice for long enums: typing narrows the list, arrows and Enter pick,
// Escape and leaving keep the choice, and nothing but a listed value is ever chosen.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { SearchSelect } from '../../../../src/renderer/ui/SearchSelect'

const RATIOS = ['1:1', '9:16', '16:9', '4:3', '3:4', '21:9'].map((r) => ({ value: r, label: r }))

function Harness({ onChange }: { onChange(v: string): void }) {
  const [value, setValue] = useState('')
  return (
    <>
      <label htmlFor="ratio">Aspect ratio</label>
      <SearchSelect
        id="ratio"
        value={value}
        options={RATIOS}
        emptyLabel="Default"
        onChange={(v) => {
          setValue(v)
          onChange(v)
        }}
      />
      <button type="button">elsewhere</button>
    </>
  )
}

const box = () => screen.getByRole('combobox', { name: 'Aspect ratio' }) as HTMLInputElement
const listed = () => screen.getAllByRole('option').map((o) => o.textContent)

describe('a searchable choice', () => {
  it('lists every choice after the default, and narrows them as the user types', async () => {
    const user = userEvent.setup()
    render(<Harness onChange={() => undefined} />)
    expect(box().placeholder).toBe('Default')
    await user.click(box())
    expect(box().getAttribute('aria-expanded')).toBe('true')
    expect(listed()).toEqual(['Default', '1:1', '9:16', '16:9', '4:3', '3:4', '21:9'])
    await user.keyboard('9:')
    expect(listed()).toEqual(['9:16'])
    await user.keyboard('{Backspace}{Backspace}16')
    // Those that start with what was typed come first.
    expect(listed()).toEqual(['16:9', '9:16'])
    await user.keyboard('{Backspace}{Backspace}9:')
    await user.keyboard('{Enter}')
    expect(box().value).toBe('9:16')
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('moves with the arrows and picks with Enter or a click', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    box().focus()
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}')
    expect(onChange).toHaveBeenLastCalledWith('9:16')
    await user.click(box())
    await user.click(screen.getByRole('option', { name: '21:9' }))
    expect(onChange).toHaveBeenLastCalledWith('21:9')
    expect(box().value).toBe('21:9')
  })

  it('keeps the choice when the user escapes, leaves, or types something not listed', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    await user.click(box())
    await user.keyboard('7:5')
    expect(screen.getByRole('listbox').textContent).toBe('No match')
    await user.keyboard('{Enter}{Escape}')
    await user.click(box())
    await user.keyboard('4:')
    await user.click(screen.getByRole('button', { name: 'elsewhere' }))
    expect(onChange).not.toHaveBeenCalled()
    expect(box().value).toBe('')
  })
})
