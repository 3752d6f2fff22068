import { describe, expect, it } from 'vitest'
import { checkWildcards, expandPrompt, MAX_WILDCARD_DEPTH } from '../../../../src/shared/app/wildcards'

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

  it('tells a prompt that expands from one that does not, and counts its prompts without making them', () => {
    const check = (p: string, lists = {}) => checkWildcards(p, lists, 256)
    expect(check('a {red|blue} car {x|{y|z}}')).toEqual({ kind: 'wild', count: 6 })
    expect(check('a __colours__ car', { colours: ['red', 'blue'] })).toEqual({ kind: 'wild', count: 2 })
    expect(check('a {style} car, json {"a": 1}')).toEqual({ kind: 'plain' })
    expect(check('plain')).toEqual({ kind: 'plain' })
    // A brace alone is text; broken but meant to expand, the error is shown rather than the text sent as is.
    expect(check('a { b')).toEqual({ kind: 'plain' })
    expect(check('{a|b')).toEqual({ kind: 'error', message: "Prompt: the '{' at character 1 is never closed; write \\{ for a brace" })
    expect(check('a __nope__')).toEqual({ kind: 'error', message: 'Prompt: there is no saved list named __nope__' })
  })

  it('takes only lists the user saved, never a name every object has', () => {
    expect(expand('__constructor__ __toString__')).toEqual({ ok: false, message: 'Prompt: there is no saved list named __constructor__' })
  })
})

describe('prompt wildcards at their limits', () => {
  const nested = (levels: number) => '{a|'.repeat(levels) + 'b' + '}'.repeat(levels)
  const tooDeep = (at: number) => `Prompt: wildcards nest at most 16 braces deep, and the '{' at character ${at} is one deeper; write \\{ for a brace`

  it(`nest ${MAX_WILDCARD_DEPTH} braces deep, and name the brace one deeper`, () => {
    expect(MAX_WILDCARD_DEPTH).toBe(16)
    expect(checkWildcards(nested(16), {}, 256)).toEqual({ kind: 'wild', count: 17 })
    expect(prompts(nested(16))).toEqual(['a', 'b'])
    expect(expand(nested(17))).toEqual({ ok: false, message: tooDeep(16 * 3 + 1) })
    expect(checkWildcards(nested(17), {}, 256)).toEqual({ kind: 'error', message: tooDeep(49) })
  })

  it('refuse 20,000 open braces with that message, whatever follows them, and never overflow the stack', () => {
    for (const prompt of ['{'.repeat(20_000), '{'.repeat(20_000) + '|', '{a|'.repeat(20_000), nested(20_000), '{'.repeat(1_000_000)]) {
      expect(checkWildcards(prompt, {}, 256)).toEqual({ kind: 'error', message: tooDeep(prompt.startsWith('{a|') ? 49 : 17) })
      expect(expand(prompt)).toEqual({ ok: false, message: tooDeep(prompt.startsWith('{a|') ? 49 : 17) })
    }
    // Written as characters, braces are text however many there are.
    expect(checkWildcards('\\{'.repeat(20_000) + '{a|b}', {}, 256)).toEqual({ kind: 'wild', count: 2 })
    // Closed as often as opened, and each level only 16 deep: a long prompt, not a deep one.
    expect(checkWildcards('{x}'.repeat(50_000), {}, 256)).toEqual({ kind: 'plain' })
  })

  it('count past any number of prompts without losing the count', () => {
    expect(expand('{a|b}'.repeat(29))).toEqual({ ok: false, message: 'Prompt: its wildcards make 536870912 prompts, more than 256 at once' })
    expect(expand('{a|b}'.repeat(2_000))).toEqual({ ok: false, message: 'Prompt: its wildcards make a billion prompts or more, more than 256 at once' })
    expect(checkWildcards('{a|b}'.repeat(8), {}, 256)).toEqual({ kind: 'wild', count: 256 })
    expect(checkWildcards('{a|b}'.repeat(9), {}, 256)).toEqual({ kind: 'error', message: 'Prompt: its wildcards make 512 prompts, more than 256 at once' })
  })
})
