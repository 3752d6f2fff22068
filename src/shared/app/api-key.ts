// What an API key must look like before the app stores it or sends it. The key travels as
// a header value, so a line break inside it would split the request (or leave a job that
// can never be sent); a key is refused when it is entered instead.
import { z } from 'zod'

// C0 controls and DEL: line breaks, NUL, tabs and the like.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/
// What remains of a valid header value once controls are out: visible ASCII. A key from a
// dashboard has no spaces and no letters outside ASCII, so those are typing mistakes.
const VISIBLE_ASCII = /^[\u0021-\u007e]+$/

export const CONTROL_CHARACTER_MESSAGE = 'The API key contains a line break or another control character; paste the key alone'
export const NOT_ASCII_MESSAGE = 'The API key may contain only visible ASCII characters, without spaces'

/** The key as entered: surrounding whitespace (a pasted line end) is dropped, the rest must be clean. */
export const apiKeySchema = z
  .string()
  .trim()
  .min(8, 'The API key looks too short')
  .max(512)
  .superRefine((key, ctx) => {
    if (CONTROL_CHARACTER.test(key)) ctx.addIssue({ code: 'custom', message: CONTROL_CHARACTER_MESSAGE })
    else if (!VISIBLE_ASCII.test(key)) ctx.addIssue({ code: 'custom', message: NOT_ASCII_MESSAGE })
  })

/** Why a key cannot be used, or null when it can (for callers outside a route, such as the command line). */
export function apiKeyProblem(key: string): string | null {
  const r = apiKeySchema.safeParse(key)
  return r.success ? null : (r.error.issues[0]?.message ?? 'The API key is not valid')
}
