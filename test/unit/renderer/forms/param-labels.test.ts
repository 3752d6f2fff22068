// Every parameter of every model the app knows is named by the catalogs, in every
// language: the label made from a key's words is only for a key a newer model brings.
// So is every model family's description, and every choice said in words.
import { describe, expect, it } from 'vitest'
import { listModels } from '../../../../src/shared/api'
import { fieldsOf } from '../../../../src/renderer/forms/field-spec'
import { humanisedKey, isNamedParam, labelFor } from '../../../../src/renderer/forms/field-labels'
import { isWordOption, optionLabel } from '../../../../src/renderer/forms/option-labels'
import { problemText } from '../../../../src/renderer/forms/problem-text'
import { settingsPatchSchema } from '../../../../src/shared/app/settings'
import { detailsFromZodError } from '../../../../src/shared/api'
import { pageI18n } from '../../../../src/renderer/i18n/page-i18n'
import { LANGUAGES } from '../../../../src/shared/i18n/languages'

const fields = listModels().flatMap((m) => fieldsOf(m.block, m.blockName).map((f) => ({ model: m.id, ...f })))
const keys = [...new Set(['prompt', ...fields.map((f) => f.key)])]

describe('parameter labels', () => {
  it('name every key of every known model in the catalogs, not by its words', () => {
    expect(keys.filter((k) => !isNamedParam(k))).toEqual([])
  })

  it('have every key in every language', async () => {
    const { loadLanguage } = await import('../../../../src/renderer/i18n/page-i18n')
    const missing: string[] = []
    for (const language of LANGUAGES) {
      await loadLanguage(language)
      for (const k of keys) if (!pageI18n.exists(`params:label.${k}`, { lng: language, fallbackLng: false })) missing.push(`${language} ${k}`)
    }
    expect(missing).toEqual([])
  })

  it('show a key no catalog names (a newer model’s) by its words', () => {
    expect(isNamedParam('style_strength')).toBe(false)
    expect(labelFor('style_strength')).toBe('Style strength')
    expect(labelFor('motionBucketId')).toBe(humanisedKey('motionBucketId'))
    expect(labelFor('num_inference_steps')).toBe('Inference steps')
  })

  it('follow a change of language when read again from a kept field', async () => {
    const steps = fieldsOf(listModels().find((m) => m.id === 'i11-1')!.block, 'i11Params').find((f) => f.key === 'num_inference_steps')!
    await pageI18n.changeLanguage('de')
    try {
      expect(steps.label).toBe('Inferenzschritte')
    } finally {
      await pageI18n.changeLanguage('en')
    }
    expect(steps.label).toBe('Inference steps')
  })
})

describe('choices and problems', () => {
  it('say a word choice in the page’s language and keep a service term as it is', () => {
    expect(optionLabel('vivid')).toBe('Vivid')
    expect(optionLabel('portrait_16_9')).toBe('Portrait 9:16')
    expect(optionLabel('16:9')).toBe('16:9')
    expect(optionLabel('png')).toBe('png')
    expect(optionLabel(5)).toBe('5')
  })

  it('leave no lower-case word choice of a known model unsaid', () => {
    const words = fields.flatMap((f) => (f.options ?? []).filter((o): o is string => typeof o === 'string' && /^[a-z]+(?:[_-][a-z]+)*$/.test(o)))
    // File formats and the upscaler's model names are the service's terms.
    const terms = new Set(['png', 'jpg', 'jpeg', 'webp', 'cgi', 'redefine', 'text-refine'])
    expect([...new Set(words)].filter((w) => !terms.has(w) && !isWordOption(w))).toEqual([])
  })

  it('say the shared schemas’ problems from the catalog, with their values, and a service’s own as written', async () => {
    await pageI18n.changeLanguage('de')
    try {
      expect(problemText('Must be at most 2000 characters (got 2100)')).toBe('Darf höchstens 2.000 Zeichen lang sein (sind 2.100)')
      expect(problemText('Must not be empty')).toBe('Darf nicht leer sein')
      expect(problemText('Must be one of: 1:1, 16:9')).toBe('Muss eines davon sein: 1:1, 16:9')
      expect(problemText('The service is busy')).toBe('The service is busy')
    } finally {
      await pageI18n.changeLanguage('en')
    }
  })

  it('say every problem the settings’ schema finds in the page’s language', async () => {
    const bad = [{ baseUrl: 'ftp://x' }, { baseUrl: 'http://example.com' }, { publicWebhookUrl: 'http://example.com' }, { cdnRetentionHours: 0 }, { cdnRetentionHours: 1000 }, { webhookPort: 70_000 }, { language: 'zz' }, { dailyCreditLimit: -1 }]
    const said = bad.flatMap((patch) => {
      const r = settingsPatchSchema.safeParse(patch)
      return r.success ? ['parsed'] : Object.values(detailsFromZodError(r.error, patch)).flat()
    })
    await pageI18n.changeLanguage('de')
    try {
      const german = said.map(problemText)
      expect(german.filter((text, i) => text === said[i])).toEqual([])
      expect(german).toContain('Darf höchstens 720 sein')
    } finally {
      await pageI18n.changeLanguage('en')
    }
  })
})
