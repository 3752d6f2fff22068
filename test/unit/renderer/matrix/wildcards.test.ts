import { describe, expect, it } from 'vitest'
import { expandPrompt, hasWildcards } from '../../../../src/renderer/features/matrix/wildcards'

const expand = (p: string, lists = {}, limit = 256) => expandPrompt(p, lists, limit)
const prompts = (p: string, lists = {}) => {
  const r = expand(p, lists)
  if (!r.ok) throw new Error(r.message)
  return r.prompts
}

describe('prompt wildcards', () => {
  it('makes one prompt per choice, and combines several wildcards', () => {
    expect(prompts('a {red|green|blue} car')).toEqual(['a red car', 'a green car', 'a blue car'])
    expect(prompts('{a|b}-{1|2}')).toEqual(['a-1', 'a-2', 'b-1', 'b-2'])
  })

  it('nests choices and allows an empty one', () => {
    expect(prompts('{red|{dark|light} blue} sky')).toEqual(['red sky', 'dark blue sky', 'light blue sky'])
    expect(prompts('an {old |}man')).toEqual(['an old man', 'an man'])
  })

  it('keeps braces without a choice, a bar outside braces and escaped characters as written', () => {
    expect(prompts('{style} a|b')).toEqual(['{style} a|b'])
    expect(prompts('\\{a\\|b\\} \\\\ {x|y}')).toEqual(['{a|b} \\ x', '{a|b} \\ y'])
    expect(prompts('C:\\path')).toEqual(['C:\\path'])
  })

  it('takes each line of a saved list, used as written', () => {
    const lists = { colours: ['red', '{not|expanded}'], 'light-2': ['dawn', 'dusk'] }
    expect(prompts('__colours__ at __light-2__', lists)).toEqual(['red at dawn', 'red at dusk', '{not|expanded} at dawn', '{not|expanded} at dusk'])
  })

  it('names an unknown or empty list, and a brace that is never closed or opened', () => {
    expect(expand('a __nope__ b')).toEqual({ ok: false, message: 'Prompt: there is no saved list named __nope__' })
    expect(expand('__empty__', { empty: [] })).toEqual({ ok: false, message: 'Prompt: the list __empty__ is empty' })
    expect(expand('ab {x|y')).toEqual({ ok: false, message: "Prompt: the '{' at character 4 is never closed; write \\{ for a brace" })
    expect(expand('x|y}')).toEqual({ ok: false, message: "Prompt: the '}' at character 4 closes nothing; write \\} for a brace" })
  })

  it('refuses more prompts than the limit before making them', () => {
    const huge = '{a|b|c|d}'.repeat(12) // 4^12 = 16,777,216
    expect(expand(huge)).toEqual({ ok: false, message: 'Prompt: its wildcards make 16777216 prompts, more than 256 at once' })
    expect(expand('{a|b|c}', {}, 2).ok).toBe(false)
    expect(expand('{a|b}', {}, 2).ok).toBe(true)
  })

  it('keeps the same prompt once', () => {
    expect(prompts('{a|a|b}')).toEqual(['a', 'b'])
  })

  it('tells a prompt that expands from one that does not', () => {
    expect(hasWildcards('a {red|blue} car')).toBe(true)
    expect(hasWildcards('a __colours__ car')).toBe(true)
    expect(hasWildcards('a {style} car, json {"a": 1}')).toBe(false)
    expect(hasWildcards('plain')).toBe(false)
    // Broken but meant to expand: the error is shown rather than the text sent as is.
    expect(hasWildcards('{a|b')).toBe(true)
  })
})
