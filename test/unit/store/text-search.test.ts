import { describe, expect, it } from 'vitest'
import { TextSearch } from '../../../src/main/core/store/text-search'
import { foldText, queryWords } from '../../../src/main/core/store/fold-text'

function sample(): TextSearch {
  const index = new TextSearch()
  index.add('old', 'A red fox jumping over a lazy dog', 1000)
  index.add('mid', 'Portrait of a RED-haired woman, oil painting', 2000)
  index.add('new', 'Crème brûlée on a café table, macro photo', 3000)
  index.add('fox', 'Arctic fox in the snow, golden hour', 2500)
  return index
}

describe('foldText', () => {
  it('lower-cases and strips accents, including compatibility forms', () => {
    expect(foldText('Crème BRÛLÉE')).toBe('creme brulee')
    expect(foldText('ÅNGSTRÖM naïve façade')).toBe('angstrom naive facade')
    expect(foldText('Ⅻ ﬁne')).toBe('xii fine')
    expect(foldText('İstanbul')).toBe('istanbul')
  })

  it('splits a query into distinct words, dropping words implied by others', () => {
    expect(queryWords('  Cat  cats CAT dog ')).toEqual(['cats', 'dog'])
    expect(queryWords('   ')).toEqual([])
  })
})

describe('TextSearch', () => {
  it('requires every word, as case-insensitive substrings, newest first', () => {
    const index = sample()
    expect(index.search('fox')).toEqual(['fox', 'old'])
    expect(index.search('RED')).toEqual(['mid', 'old'])
    expect(index.search('red fox')).toEqual(['old'])
    expect(index.search('fox snow')).toEqual(['fox'])
    expect(index.search('fox whale')).toEqual([])
    expect(index.search('pain')).toEqual(['mid']) // partial words match
    expect(index.search('haired red-')).toEqual(['mid'])
  })

  it('ignores accents on either side', () => {
    const index = sample()
    expect(index.search('creme brulee')).toEqual(['new'])
    expect(index.search('CAFÉ')).toEqual(['new'])
    index.add('resume', 'resume of a painter', 4000)
    expect(index.search('résumé')).toEqual(['resume'])
  })

  it('returns everything newest first for an empty query', () => {
    expect(sample().search('  ')).toEqual(['new', 'fox', 'mid', 'old'])
  })

  it('pages with offset and limit, filters, and counts', () => {
    const index = sample()
    expect(index.search('', { limit: 2 })).toEqual(['new', 'fox'])
    expect(index.search('', { offset: 1, limit: 2 })).toEqual(['fox', 'mid'])
    expect(index.search('a', { filter: (id) => id !== 'fox' })).toEqual(['new', 'mid', 'old'])
    expect(index.search('a', { limit: 0 })).toEqual([])
    expect(index.page('a').total).toBe(4)
    expect(index.page('fox').total).toBe(2)
    expect(index.page('a', { filter: (id) => id.startsWith('o') }).total).toBe(1)
  })

  it('forgets removed entries and re-indexes replaced ones', () => {
    const index = sample()
    expect(index.remove('old')).toBe(true)
    expect(index.remove('old')).toBe(false)
    expect(index.search('fox')).toEqual(['fox'])
    index.add('fox', 'Polar bear on ice', 2500)
    expect(index.search('fox')).toEqual([])
    expect(index.search('bear')).toEqual(['fox'])
    expect(index.size).toBe(3)
    expect(index.has('old')).toBe(false)
  })

  it('orders entries added out of time order, ties by insertion', () => {
    const index = new TextSearch()
    const times = [5, 1, 9, 3, 9, 7]
    times.forEach((t, i) => index.add(`e${i}`, 'same words', t))
    expect(index.search('words')).toEqual(['e4', 'e2', 'e5', 'e0', 'e3', 'e1'])
    index.add('late', 'same words', 4)
    expect(index.search('same', { limit: 4 })).toEqual(['e4', 'e2', 'e5', 'e0'])
    expect(index.search('same').indexOf('late')).toBe(4)
  })

  it('stays correct through many removals (tombstone sweeps)', () => {
    const index = new TextSearch()
    for (let i = 0; i < 5000; i++) index.add(`e${i}`, i % 2 === 0 ? `even number ${i}` : `odd number ${i}`, i)
    for (let i = 0; i < 5000; i += 2) index.remove(`e${i}`)
    expect(index.page('even').total).toBe(0)
    expect(index.page('number').total).toBe(2500)
    expect(index.search('number', { limit: 2 })).toEqual(['e4999', 'e4997'])
    index.clear()
    expect(index.search('')).toEqual([])
  })

  it('answers within 50 ms at 100,000 entries', () => {
    const words = Array.from({ length: 4000 }, (_, i) => `w${(i * 7919) % 100003}x`)
    let seed = 42
    const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
    const index = new TextSearch()
    for (let i = 0; i < 100_000; i++) {
      const n = 20 + Math.floor(rand() * 41)
      const prompt = Array.from({ length: n }, () => words[Math.floor(rand() ** 2 * words.length)]).join(' ')
      index.add(`id${i}`, prompt, Math.floor(rand() * 1e9))
    }
    index.search('warm-up')
    // Worst cases, each a full pass: nothing matches, or everything does. The
    // best of several runs measures the code rather than a busy test machine.
    let best = Infinity
    for (let run = 0; run < 7; run++) {
      const started = performance.now()
      expect(index.search('no-such-word anywhere')).toEqual([])
      expect(index.search('w').length).toBe(100_000)
      best = Math.min(best, (performance.now() - started) / 2)
    }
    expect(best).toBeLessThan(50)
  })
})

describe('a page and its total in one pass', () => {
  it('returns the page asked for and counts every match', () => {
    const index = new TextSearch()
    for (let i = 0; i < 50; i++) index.add(`id-${i}`, i % 2 ? 'odd fox' : 'even fox', i)
    const { ids, total } = index.page('fox', { offset: 10, limit: 5, filter: (id) => Number(id.slice(3)) >= 20 })
    expect(total).toBe(30)
    expect(ids).toEqual(['id-39', 'id-38', 'id-37', 'id-36', 'id-35'])
    expect(index.page('odd', { limit: 0 })).toEqual({ ids: [], total: 25 })
  })
})
