// The music block (M1), defined by the service profile since the spec does not show it.
import { z } from 'zod'
import { bool, intRange, maxText } from '../fields'

export const m1Params = z.strictObject({
  duration_seconds: intRange(5, 240),
  instrumental: bool(),
  lyrics: maxText(3000),
  genre: maxText(100)
}).partial()

export const DEFAULT_MUSIC_SECONDS = 30
