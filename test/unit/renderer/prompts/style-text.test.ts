// A style applied to a prompt joins it after a comma; removed, the prompt is as it was.
import { describe, expect, it } from 'vitest'
import { hasStyle, withoutStyle, withStyle } from '../../../../src/renderer/components/composer/style-text'

describe('a style in a prompt', () => {
  it('is added once at the end, and removing it gives the prompt back', () => {
    const styled = withStyle('a fox in snow', 'oil painting, thick brush strokes')
    expect(styled).toBe('a fox in snow, oil painting, thick brush strokes')
    expect(withStyle(styled, 'oil painting, thick brush strokes')).toBe(styled)
    expect(hasStyle(styled, 'oil painting, thick brush strokes')).toBe(true)
    expect(withoutStyle(styled, 'oil painting, thick brush strokes')).toBe('a fox in snow')
  })

  it('starts an empty prompt, and comes out from the middle or the start', () => {
    expect(withStyle('', 'film grain')).toBe('film grain')
    expect(withStyle('a fox,  ', 'film grain')).toBe('a fox, film grain')
    expect(withoutStyle('a fox, film grain, at dusk', 'film grain')).toBe('a fox, at dusk')
    expect(withoutStyle('film grain, a fox', 'film grain')).toBe('a fox')
    expect(withoutStyle('film grain', 'film grain')).toBe('')
  })

  it('does not take a fragment for part of a longer phrase', () => {
    expect(hasStyle('a grainy film grainy look', 'film grain')).toBe(false)
    expect(withoutStyle('film grains everywhere', 'film grain')).toBe('film grains everywhere')
    expect(hasStyle('bright (1.2)', 'bright (1.2)')).toBe(true)
  })
})
