// What the page says from outside its views (stores, forms, the transport) comes from the
// catalogs too: drawn in the pseudo-locale, a toast or an error with an English word in it
// came from no catalog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getModel } from '../../../../src/shared/api'
import { droppedNote } from '../../../../src/renderer/forms/carry-params'
import { buildFreeformBody } from '../../../../src/renderer/forms/request-body'
import { expiredNoCopy } from '../../../../src/renderer/components/inputs/renew-uploads'
import { readSavedList } from '../../../../src/renderer/stores/saved'
import { explainPrice } from '../../../../src/renderer/components/submit/price-explanation'
import { listModels, type GenerationRequest } from '../../../../src/shared/api'
import { z } from 'zod'
import { findUntranslated } from './untranslated'
import { speakEnglish, speakPseudo } from './pseudo-page'

beforeAll(speakPseudo)
afterAll(speakEnglish)

function untranslated(text: string, allow: string[] = []): string[] {
  const box = document.createElement('p')
  box.textContent = text
  return findUntranslated(box, allow)
}

describe('the page’s messages from outside its views, in the pseudo-locale', () => {
  it('says damaged saved lists, dropped settings, a bad free-form body and an expired input only in catalog words', () => {
    const warned: string[] = []
    for (const what of ['history', 'saved', 'styles', 'results'] as const) {
      localStorage.setItem(`mediagen:pseudo-${what}`, 'not json')
      readSavedList(`pseudo-${what}`, z.string(), what, (m) => warned.push(m))
      localStorage.setItem(`mediagen:pseudo-${what}`, JSON.stringify(['kept', 7]))
      readSavedList(`pseudo-${what}`, z.string(), what, (m) => warned.push(m))
    }
    const model = getModel('i3-1')!
    const body = buildFreeformBody('i3-1', '', '[1]')
    const texts = [...warned, droppedNote({ kept: {}, dropped: ['steps'] }, model)!, body.ok ? '' : body.message, expiredNoCopy()]
    expect(warned).toHaveLength(8)
    expect(texts.flatMap((text) => untranslated(text, [model.label, 'steps']))).toEqual([])
  })

  it('explains how every kind of price was reached only in catalog words', () => {
    const modes = new Map(listModels().map((m) => [m.pricing.mode, m]))
    const said = [...modes.values()].flatMap((model) => {
      const request = { model: model.id, prompt: 'x', [model.blockName]: {} } as unknown as GenerationRequest
      return [explainPrice(model, request, 12), explainPrice(model, request, 12, { inputMegapixels: 2 })]
    })
    expect(modes.size).toBe(4)
    expect(said.flatMap((text) => untranslated(text, ['MP']))).toEqual([])
  })
})
