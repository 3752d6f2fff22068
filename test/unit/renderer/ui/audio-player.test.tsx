// A track's player shows the length the library recorded until the file's own metadata
// arrives; it never offers "0:00" as the total of a 30-second track.
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AudioPlayer, audioTotal } from '../../../../src/renderer/ui/AudioPlayer'

function setDuration(el: HTMLElement, seconds: number) {
  Object.defineProperty(el, 'duration', { configurable: true, get: () => seconds })
}

describe('the track player', () => {
  it('shows the recorded length before the metadata loads', () => {
    render(<AudioPlayer src="/lib/track.wav" knownSeconds={30} label="Lo-fi beat" data-testid="player" />)
    expect(screen.getByTestId('audio-time').textContent).toBe('0:00 / 0:30')
    expect(screen.getByRole('slider', { name: 'Position' }).getAttribute('max')).toBe('30')
  })

  it('takes the file\'s own duration once the element knows it', () => {
    render(<AudioPlayer src="/lib/track.wav" knownSeconds={30} label="Lo-fi beat" data-testid="player" />)
    const audio = screen.getByTestId('player')
    setDuration(audio, 31.6)
    fireEvent.loadedMetadata(audio)
    expect(screen.getByTestId('audio-time').textContent).toBe('0:00 / 0:32')
  })

  it('keeps the recorded length while the element still reports no duration', () => {
    render(<AudioPlayer src="/lib/track.wav" knownSeconds={12} label="Lo-fi beat" data-testid="player" />)
    const audio = screen.getByTestId('player')
    setDuration(audio, Number.NaN)
    fireEvent.durationChange(audio)
    expect(screen.getByTestId('audio-time').textContent).toBe('0:00 / 0:12')
  })

  it('shows no total at all rather than 0:00 when no length is known', () => {
    render(<AudioPlayer src="/lib/track.wav" knownSeconds={null} label="Lo-fi beat" data-testid="player" />)
    expect(screen.getByTestId('audio-time').textContent).toBe('0:00')
    expect(audioTotal(0, 0)).toBeNull()
    expect(audioTotal(Number.POSITIVE_INFINITY, 8)).toBe(8)
  })

  it('follows the playing position', () => {
    render(<AudioPlayer src="/lib/track.wav" knownSeconds={30} label="Lo-fi beat" data-testid="player" />)
    const audio = screen.getByTestId('player')
    Object.defineProperty(audio, 'currentTime', { configurable: true, get: () => 12.2 })
    fireEvent.timeUpdate(audio)
    expect(screen.getByTestId('audio-time').textContent).toBe('0:12 / 0:30')
  })
})
