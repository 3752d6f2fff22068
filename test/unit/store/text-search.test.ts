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

describe('data kept with each entry', () => {
  it('is handed to filters, and follows setData without moving the entry', () => {
    const index = new TextSearch<{ favorite: boolean }>()
    index.add('a', 'red fox', 1, { favorite: false })
    index.add('b', 'red hen', 2, { favorite: true })
    index.add('c', 'blue fox', 3, { favorite: true })
    const favourites = { filter: (_id: string, d: { favorite: boolean } | undefined) => d?.favorite === true }
    expect(index.page('', favourites)).toEqual({ ids: ['c', 'b'], total: 2 })
    index.setData('a', { favorite: true })
    index.setData('missing', { favorite: true })
    expect(index.page('red', favourites)).toEqual({ ids: ['b', 'a'], total: 2 })
    // Replacing the text replaces the data too.
    index.add('b', 'red hen, again', 2, { favorite: false })
    expect(index.search('', favourites)).toEqual(['c', 'a'])
  })
})
