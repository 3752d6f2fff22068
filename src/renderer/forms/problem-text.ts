// What is wrong with a field, in the page's language. The form checks a request with the
// same schemas the service does (src/shared/api), which say it in English, the service's
// words; the messages those schemas make are known here, each with its values, and said
// from the `params` catalog. A message from the service that is not one of them is shown
// as the service wrote it.
import type params from '../../shared/i18n/locales/en/params.json'
import { t } from '../i18n/page-i18n'

type ProblemKey = keyof typeof params.problem

const num = (s: string | undefined) => Number(s)

/** Each message the shared schemas write, and how to say it again from the catalog. */
const KNOWN: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^Required$/, () => say('required')],
  [/^Must not be empty$/, () => say('empty')],
  [/^Must be at least (\d+) characters$/, (m) => say('minChars', { min: num(m[1]) })],
  [/^Must be at most (\d+) characters \(got (\d+)\)$/, (m) => say('maxChars', { max: num(m[1]), count: num(m[2]) })],
  [/^Must be at least (-?[\d.]+)$/, (m) => say('min', { min: num(m[1]) })],
  [/^Must be at most (-?[\d.]+)$/, (m) => say('max', { max: num(m[1]) })],
  // zod's own words for a number out of range, as the settings' schemas leave them.
  [/^Too small: expected number to be >=(-?[\d.]+)$/, (m) => say('min', { min: num(m[1]) })],
  [/^Too big: expected number to be <=(-?[\d.]+)$/, (m) => say('max', { max: num(m[1]) })],
  [/^Invalid option: expected one of (.+)$/, (m) => say('oneOf', { values: (m[1] ?? '').replaceAll('"', '').replaceAll('|', ', ') })],
  [/^Must be an http\(s\) URL$/, () => say('httpUrl')],
  [/^Must use https:\/\/ \(plain http:\/\/ is allowed only for this computer/, () => say('insecureUrl')],
  [/^Must use https:\/\/: the service posts each job/, () => say('publicWebhookHttps')],
  [/^Must be 0 or more credits$/, () => say('minCredits')],
  [/^Must be one of: (.+)$/, (m) => say('oneOf', { values: m[1] ?? '' })],
  [/^Must be an absolute URL$/, () => say('url')],
  [/^Must look like 16:9$/, () => say('ratio')],
  [/^At most (\d+) items$/, (m) => say('maxItems', { max: num(m[1]) })],
  [/^Expected a whole number$/, () => say('whole')],
  [/^Expected a number$/, () => say('number')],
  [/^Expected a string$/, () => say('string')],
  [/^Expected true or false$/, () => say('boolean')],
  [/^Expected a list$/, () => say('list')],
  [/^Expected an object$/, () => say('object')],
  [/^Must be a JSON object$/, () => say('jsonObject')],
  [/^No model is available$/, () => say('noModel')],
  [/^This upload expired \(uploads last an hour\) and no copy of it was kept; add the file again$/, () => say('expired')]
]

function say(key: ProblemKey, values: Record<string, string | number> = {}): string {
  return t(`params:problem.${key}`, values)
}

/** One problem's message as the page shows it. */
export function problemText(message: string): string {
  for (const [pattern, text] of KNOWN) {
    const m = pattern.exec(message)
    if (m) return text(m)
  }
  return message
}
