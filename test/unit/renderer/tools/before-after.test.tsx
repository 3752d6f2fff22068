// The before/after slider: a keyboard-operable slider whose position uncovers "before".
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { BeforeAfter, nextPosition } from '../../../../src/renderer/ui/BeforeAfter'

describe('before/after slider', () => {
  it('moves with the arrow keys, Home and End, and shows that much of "before"', async () => {
    const user = userEvent.setup()
    render(<BeforeAfter before={{ src: 'before.png', alt: 'Before: a cat' }} after={{ src: 'after.png', alt: 'After: a cat' }} label="Compare" />)
    const slider = screen.getByRole('slider', { name: 'Compare' })
    expect(slider.getAttribute('aria-valuenow')).toBe('50')
    slider.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(slider.getAttribute('aria-valuenow')).toBe('60')
    expect(slider.getAttribute('aria-valuetext')).toBe('60% before, 40% after')
    expect(screen.getByAltText('Before: a cat').style.clipPath).toBe('inset(0 40% 0 0)')
    await user.keyboard('{Home}')
    expect(slider.getAttribute('aria-valuenow')).toBe('0')
    await user.keyboard('{End}')
    expect(slider.getAttribute('aria-valuenow')).toBe('100')
  })

  it('stays between 0 and 100 and ignores other keys', () => {
    expect(nextPosition(98, 'ArrowRight')).toBe(100)
    expect(nextPosition(3, 'ArrowLeft')).toBe(0)
    expect(nextPosition(50, 'ArrowLeft', true)).toBe(25)
    expect(nextPosition(50, 'a')).toBeNull()
  })
})
